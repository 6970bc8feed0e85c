/**
 * The web editor in the browser (/admin/): Decap CMS, started with the configuration made from
 * our schemas (config.json, with the site's time zone, which the list reads dates in), and what the
 * last build knew of the site (site.json), which only the form's checks need: it may arrive later. Everything that
 * touches Decap is in decap/, the seam; the entry open in the form is open-entry.ts's; the form's
 * checks, saving and merging, history, the text patcher and photos each have a folder. Bundled on
 * its own by src/editor/index.ts; no visitor page loads any of it. See docs/EDITOR.md.
 */
import type { EditorConfig, SiteSnapshot } from '../contract';
import { decapCms, startManually } from './decap/api';
import { registerBackends } from './decap/backends';
import { Forms } from './decap/entries';
import { besideNewEntryLinks, whenDecapDraws } from './decap/markup';
import { registerPreviews } from './decap/previews';
import { registerSaves } from './decap/saves';
import { registerWidgets, relabelSaving } from './decap/widgets';
import { registerWords, rememberChoices } from './decap/words';
import { Editor } from './editor';
import { registerAccess } from './form/access';
import { deletedButton } from './history/recently-deleted';
import { OpenEntry } from './open-entry';
import { registerPhotoUploads } from './photos/uploads';
import { Checker } from './saving/checker';
import { deleteOnto, saveOnto } from './saving/save';
import { snapshotOf } from './saving/site-checks';

startManually();
registerPhotoUploads();
rememberChoices();

// Fetched at once, beside Decap's own script (page.ts preloads the configuration). Decap starts once the
// configuration is there; the site's snapshot is waited for by the checks alone.
const json = (file: string) =>
  fetch(file).then((response) => {
    if (!response.ok) throw new Error(`/admin/${file.slice(2)} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
const configured = json('./config.json') as Promise<EditorConfig & { timezone: string }>;
const site = (json('./site.json') as Promise<SiteSnapshot>).then(snapshotOf);

// Both scripts are deferred: Decap's has run by the time the document is parsed.
window.addEventListener('DOMContentLoaded', async () => {
  const { timezone, ...config } = await configured;
  const cms = decapCms();
  const editor = new Editor(config, new Checker(config, site), new OpenEntry(), () =>
    backends.files(),
  );
  const forms = new Forms();
  const form = registerWidgets(cms, editor, forms);
  const backends = registerBackends(cms, editor.checker, {
    read: form.read,
    save: async (dataFile, write) => {
      const saved = await saveOnto(editor, (text) => {
        if (text !== undefined) dataFile.raw = text;
        return write();
      });
      // What someone else changed meanwhile shows in the form, as it is now in the file.
      form.fill(saved.theirs);
      return saved.written;
    },
    remove: (write) => deleteOnto(editor, write),
  });
  registerSaves(cms, editor, forms, timezone);
  registerPreviews(cms, editor, forms);
  registerWords(cms);
  const relabel = () => relabelSaving(editor.entry.now.form);
  editor.entry.listen(relabel);
  cms.init({ config });
  // "Recently deleted" beside each collection's "New …" button.
  const placeDeleted = () =>
    besideNewEntryLinks('editor-deleted-open', (name) => deletedButton(editor, name));
  whenDecapDraws(registerAccess(), relabel, placeDeleted);
});
