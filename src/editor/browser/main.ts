/**
 * The web editor in the browser (/admin/): Decap CMS, started with the configuration made from
 * our schemas (config.json) and what the last build knew of the site (site.json). The form
 * (form.ts) runs every check the build runs at its fields; a save (saving.ts) writes only what
 * the writer changed; the preview (previews.ts) draws the site's own card. Bundled on its own by
 * src/editor/index.ts; no visitor page loads any of it. See docs/EDITOR.md.
 */
import type { EditorConfig } from '../node/config';
import { registerAccess } from './access';
import { page } from './decap';
import { registerDeletedView } from './deleted';
import { Checks, useTimezone } from './entry';
import { registerFieldChecks, relabelSaving } from './form';
import { registerPreviews } from './previews';
import { openEntry } from './open-entry';
import { deleteOnto, registerFormats, registerSaveChecks, saveOnto } from './saving';
import { snapshotOf, timezoneOf, type SiteSnapshot } from './site-check';
import { registerStores } from './stores';
import { registerPhotoUploads } from './uploads';
import { registerWords } from './words';

// Decap starts itself when its script runs, with a config.yml; ours starts it with config.json.
page.CMS_MANUAL_INIT = true;
registerPhotoUploads();

// Decap's remembered choices, set before its script reads them, until the writer makes their own:
// the preview opens on demand, and the list shows cards with their photos.
for (const [key, value] of [
  ['cms.right-pane', 'none'],
  ['decap-cms.entries.viewStyle', 'VIEW_STYLE_GRID'],
]) {
  if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
}

// Fetched at once, beside Decap's own script (page.ts preloads both).
const json = (file: string) => fetch(file).then((response) => response.json() as Promise<unknown>);
const loaded = Promise.all([json('./config.json'), json('./site.json')]);

// Both scripts are deferred: Decap's has run by the time the document is parsed.
window.addEventListener('DOMContentLoaded', async () => {
  const [config, site] = await loaded;
  const cms = page.CMS;
  const checks = new Checks(config as EditorConfig, snapshotOf(site as SiteSnapshot));
  useTimezone(timezoneOf(checks.site));
  registerFormats(cms, checks.config);
  registerFieldChecks(cms, checks);
  registerSaveChecks(cms, checks);
  registerStores(cms, checks, {
    opened: (file) => openEntry.opened(file),
    save: (dataFile, write) => saveOnto(checks, dataFile, write),
    remove: deleteOnto,
  });
  registerPreviews(cms, checks);
  registerWords(cms);
  registerAccess();
  registerDeletedView(checks);
  cms.init({ config });
  new MutationObserver(relabelSaving).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
  });
});
