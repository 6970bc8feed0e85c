/**
 * What the web editor, its tests and its scripts take from Decap CMS's script that Decap's
 * documentation does not promise (docs/ENGINE.md, "What upstream does not promise"): the English
 * words they find buttons and messages by, or replace, and the names of the chunks and
 * WebAssembly it fetches from beside it. Read from Decap's script as the editor builds it from
 * the installed packages (src/editor/node/decap-app.ts), so an upgrade that changes any of them
 * fails here, by name, before any browser runs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decapApp } from '@/editor/node/decap-app';
import { editorPage } from '@/editor/node/page';

const require = createRequire(import.meta.url);
const { value: app } = await decapApp();
/** decap.js and every chunk of it, as one text: the words and names are somewhere in them. */
const script = Object.values(app.files).join('\n');

/**
 * Decap's English words the editor relies on, by their place in its locale: those the browser
 * tests and scripts find a button, a field or a message by (tests/editor,
 * scripts/screenshots-editor.ts, scripts/bench/editor-start.ts), those `relabelSaving` rewrites,
 * and those `registerWords` replaces (src/editor/browser/decap/words.ts), whose old words the tests
 * expect gone.
 */
const PHRASES: Record<string, string> = {
  // Found by: a field's photo, the media library, a group, a delete, a new entry.
  'editor.editorWidgets.image.choose': 'Choose an image',
  'editor.editorWidgets.image.chooseUrl': 'Insert from URL',
  'editor.editorWidgets.image.chooseDifferent': 'Choose different image',
  'mediaLibrary.mediaLibraryModal.upload': 'Upload',
  'mediaLibrary.mediaLibraryModal.chooseSelected': 'Choose selected',
  'editor.editorWidgets.object.expand': 'Expand',
  'editor.editorToolbar.deleteEntry': 'Delete entry',
  'editor.editorToolbar.deletePublishedEntry': 'Delete published entry',
  'collection.collectionTop.newButtonAriaLabel': 'Create entry of type %{collectionLabel}',
  // Found by: a field left empty, an optional field's label, a save.
  'editor.editorControlPane.widget.required': '%{fieldLabel} is required.',
  'editor.editorControl.field.optional': 'optional',
  'ui.toast.entrySaved': 'Entry saved',
  'ui.toast.entryPublished': 'Entry published',
  // The save button's words, which relabelSaving rewrites for a draft.
  'editor.editorToolbar.publish': 'Publish',
  'editor.editorToolbar.publishNow': 'Publish now',
  'editor.editorToolbar.publishAndCreateNew': 'Publish and create new',
  'editor.editorToolbar.publishAndDuplicate': 'Publish and duplicate',
  'editor.editorToolbar.published': 'Published',
  // Replaced by registerWords; the tests expect the old words gone.
  'auth.login': 'Login',
  'editor.editorInterface.togglePreview': 'Toggle preview',
  'collection.sidebar.searchAll': 'Search all',
  'ui.toast.missingRequiredField':
    "Oops, you've missed a required field. Please complete before saving.",
  'ui.toast.onFailToDelete': 'Failed to delete entry: %{details}',
  // Replaced by registerWords (decap/words.ts): a failed save's toast is our words alone.
  'ui.toast.onFailToPersist': 'Failed to persist entry: %{details}',
  // Decap's own backup, which the editor no longer keeps; team.test expects the question gone.
  'editor.editor.confirmLoadBackup':
    'A local backup was recovered for this entry, would you like to use it?',
  'editor.editorWidgets.datetime.now': 'Now',
  'editor.editorWidgets.datetime.setToNow': 'Set %{fieldLabel} to now',
  // Hidden by the page's stylesheet (src/editor/browser/decap/page.css); words.test expects no Media button.
  'app.header.media': 'Media',
};

/** A phrase at its dotted place in a locale. */
const at = (locale: unknown, place: string) =>
  place.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], locale);

describe("Decap's English words, as the editor's tests and scripts use them", () => {
  it.each(Object.entries(PHRASES))(
    '%s is "%s" in its locale and its script',
    async (place, phrase) => {
      // The locale's source, where each phrase has its full place…
      const locale = join(
        dirname(require.resolve('decap-cms-locales/package.json')),
        'src/en/index.js',
      );
      const { default: english } = (await import(locale)) as { default: unknown };
      expect(at(english, place)).toBe(phrase);
      // …and the script the editor ships, where the English locale is bundled as written.
      expect(script).toContain(`${place.split('.').at(-1)}:${JSON.stringify(phrase)}`);
    },
  );
});

describe("Decap's chunks, as /admin/ serves them (src/editor/node/admin-files.ts)", () => {
  const files = Object.keys(app.files);
  /** Every file a script imports, at once or later: esbuild names each from beside it. */
  const asked = new Set(
    Object.values(app.files).flatMap((text) =>
      [...text.matchAll(/(?:from|import\(?)\s*"\.\/([^"]+)"/g)].map((match) => match[1]!),
    ),
  );

  it('every chunk is fetched as "decap-<name>-<hash>.js", a file beside the script', () => {
    expect(files).toContain('decap.js');
    expect(asked.size).toBeGreaterThan(10);
    for (const name of asked) {
      expect(name).toMatch(/^decap-[\w-]+\.js$/);
      expect(files, name).toContain(name);
    }
  });

  it('every WebAssembly file a chunk fetches is a .wasm file beside the script', () => {
    // An asset's address is the chunk's own, `new URL("name.wasm", import.meta.url)`.
    const wasm = [...script.matchAll(/new URL\("([\w-]+\.wasm)",\s*import\.meta\.url\)/g)];
    expect(wasm.length).toBeGreaterThan(0);
    const served = app.wasm.map((path) => basename(path));
    for (const [, name] of wasm) expect(served).toContain(name);
  });
});

describe("Decap's components, as the editor's stylesheet reaches them (src/editor/browser/decap/page.css)", () => {
  /**
   * Each `[class*='-Name']` of the page's stylesheet: Decap's styled components carry their name
   * as a label, which ends their generated class name (`css-1x2y3z-Name`). A space after the name
   * asks for that name exactly; without one, any name starting with it.
   */
  const names = [...editorPage('').matchAll(/\[class\*='-(\w+)( ?)'\]/g)].map(
    ([, name, exact]) => ({ name: name!, exact: exact === ' ' }),
  );
  /** A styled component's label (`label:"Name"`), or a css prop's (`label:Name;`). */
  const labelled = (name: string, exact = true) =>
    script.includes(`label:"${name}${exact ? '"' : ''}`) ||
    script.includes(`label:${name}${exact ? ';' : ''}`);

  it('names only components Decap labels so', () => {
    expect(names.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['FieldLabel', 'ControlContainer', 'EditorContainer', 'Editor']),
    );
    for (const { name, exact } of names) expect(labelled(name, exact), name).toBe(true);
  });

  it('names in the seam’s markup module (src/editor/browser/decap/markup.ts) only components Decap labels so, and the classes its libraries write', () => {
    const markup = readFileSync('src/editor/browser/decap/markup.ts', 'utf8');
    const reached = [...markup.matchAll(/\[class\*="-(\w+)"\]/g)].map(([, name]) => name!);
    expect(reached).toEqual(
      expect.arrayContaining(['ControlContainer', 'ControlTopbar', 'StyledListItemTopBar']),
    );
    for (const name of reached) expect(labelled(name), name).toBe(true);
    // Upload's label, the toast's body and a dialog's portal, by the class names Decap,
    // react-toastify and react-modal write.
    for (const name of ['nc-fileUploadButton', 'Toastify__toast-body', 'ReactModalPortal']) {
      expect(markup).toContain(name);
      expect(script, name).toContain(name);
    }
  });

  it('lays out the preview with react-split-pane’s classes: SplitPane, Pane, Resizer', () => {
    const page = editorPage('');
    for (const name of ['SplitPane', 'Pane', 'Resizer']) {
      expect(page).toContain(`.${name}`);
      expect(script, name).toMatch(new RegExp(`[[=]"${name}"`));
    }
  });
});
