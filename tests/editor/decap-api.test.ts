/**
 * Decap CMS's behaviour that the web editor's checks rest on and Decap's documentation does not
 * promise (docs/ENGINE.md, "What upstream does not promise"), tried on the installed decap-cms
 * alone: a bare page with its script, its in-memory `test-repo` backend and one collection, and
 * the same calls src/editor/browser/decap/widgets.ts and saving.ts make. So an upgrade that changes one
 * fails here by name, not only as a message missing somewhere in the editor's own tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workerBrowser } from './workbench';

const dist = join(
  dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')),
  'dist',
);
/** localhost, a secure context as Decap needs (crypto.randomUUID); no server: routed below. */
const ADMIN = 'http://localhost/admin/';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Decap</title></head>
<body><script>window.CMS_MANUAL_INIT = true;</script><script src="decap-cms.js"></script></body></html>`;

type Window = {
  CMS: {
    getWidget(name: string): Record<string, unknown>;
    registerWidget(widget: Record<string, unknown>): void;
    registerEventListener(listener: { name: string; handler: (event: never) => unknown }): void;
    init(options: { config: unknown }): void;
    registerCustomFormat(
      name: string,
      extension: string,
      format: { fromFile(text: string): unknown; toFile(data: { title?: string }): string },
    ): void;
  };
  h(type: unknown, props: Record<string, unknown>): unknown;
  createClass(spec: Record<string, unknown>): unknown;
  repoFiles?: Record<string, Record<string, { content: string }>>;
  /** What the test's widget saw each time Decap asked it: the title in the `entry` prop. */
  asked: string[];
  /** What getWidget gave: the kinds of its control and its preview. */
  widgetParts: string[];
  /** The titles Decap asked the probe format to write. */
  written: string[];
};

/**
 * A fresh page of Decap, set up as the editor sets itself up: the string widget replaced by one
 * that wraps Decap's own control and refuses the title "Taken" from `isValid`, as a PRESENCE
 * error; and a preSave listener that throws for the title "Refused". Opens a new note.
 */
async function newNote(context: BrowserContext, format = 'frontmatter'): Promise<Page> {
  const page = await context.newPage();
  await page.route(`${ADMIN}**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice('/admin/'.length);
    if (!file) return route.fulfill({ contentType: 'text/html', body: PAGE });
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(join(dist, file)) });
  });
  await page.goto(ADMIN);
  await page.waitForFunction(() => 'CMS' in window);
  await page.evaluate((format) => {
    const page = window as unknown as Window;
    page.asked = [];
    page.written = [];
    // As the editor's formats do: a text only when it is asked for a save, marked here by title.
    page.CMS.registerCustomFormat('probe', 'md', {
      fromFile: (text) => ({ title: text }),
      toFile: ({ title = '' }) => {
        page.written.push(title);
        return title.startsWith('Kept') ? title : '';
      },
    });
    const { control, preview, ...options } = page.CMS.getWidget('string');
    page.widgetParts = [typeof control, typeof preview];
    type Control = { props: { value: unknown; entry: { getIn(path: string[]): unknown } } };
    const Checked = page.createClass({
      isValid(this: Control) {
        page.asked.push(String(this.props.entry.getIn(['data', 'title'])));
        return this.props.value === 'Taken'
          ? { error: { type: 'PRESENCE', message: 'Another note has this title.' } }
          : true;
      },
      render(this: Control & { inner?: unknown }) {
        return page.h(control, { ...this.props, ref: (inner: unknown) => (this.inner = inner) });
      },
    });
    page.CMS.registerWidget({
      name: 'string',
      controlComponent: Checked,
      previewComponent: preview,
      ...options,
    });
    page.CMS.registerEventListener({
      name: 'preSave',
      handler: ({ entry }: { entry: { get(key: string): { get(key: string): unknown } } }) => {
        if (entry.get('data').get('title') === 'Refused') throw new Error('Not saved: refused.');
        return entry.get('data');
      },
    });
    page.CMS.init({
      config: {
        load_config_file: false,
        backend: { name: 'test-repo' },
        media_folder: 'media',
        collections: [
          {
            name: 'notes',
            label: 'Notes',
            folder: 'notes',
            create: true,
            format,
            fields: [{ name: 'title', label: 'Title', widget: 'string' }],
          },
        ],
      },
    });
  }, format);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${ADMIN}#/collections/notes/new`);
  return page;
}

/** Gives the note a title and presses Publish, then Publish now. */
async function publish(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

/** The notes the backend holds: what Decap wrote. */
const notes = (page: Page) =>
  page.evaluate(() =>
    Object.values((window as unknown as Window).repoFiles?.['notes'] ?? {}).map((f) => f.content),
  );

const asked = (page: Page) => page.evaluate(() => (window as unknown as Window).asked);

describe('Decap CMS, as the web editor relies on it', () => {
  let context: BrowserContext | undefined;

  beforeEach(async () => {
    context = await (await workerBrowser()).newContext();
  });

  afterEach(() => context?.close());

  it('saves a note no check refuses (what the refusals below are measured against)', async () => {
    const page = await newNote(context!);
    await publish(page, 'Kept');
    await page.getByText('Entry saved').waitFor();
    expect(await notes(page)).toEqual(['---\ntitle: Kept\n---\n']);
  });

  it('gives a built-in widget by getWidget, whose control a widget registered under its name wraps, and asks its isValid on a save, with the draft in its entry prop', async () => {
    const page = await newNote(context!);
    expect(await page.evaluate(() => (window as unknown as Window).widgetParts)).toEqual([
      'function',
      'function',
    ]);
    await publish(page, 'Taken');
    // A PRESENCE error: Decap's "missing field" toast, and the message at its field.
    await page.getByText("Oops, you've missed a required field.", { exact: false }).waitFor();
    expect(
      await page
        .locator('xpath=//label[normalize-space(text())="Title"]/following-sibling::ul/li')
        .allTextContents(),
    ).toEqual(['Another note has this title.']);
    expect(await asked(page)).toEqual(['Taken']);
    expect(await notes(page)).toEqual([]);
  });

  it('stops a save when a preSave listener throws, and shows its message', async () => {
    const page = await newNote(context!);
    await publish(page, 'Refused');
    await page.getByText('Failed to persist entry: Error: Not saved: refused.').waitFor();
    expect(await asked(page)).toEqual(['Refused']);
    expect(await notes(page)).toEqual([]);
  });

  it('keeps no backup of a draft its format writes as an empty text, and keeps one of a text', async () => {
    const page = await newNote(context!, 'probe');
    const written = () => page.evaluate(() => (window as unknown as Window).written);
    // Decap's backups, in localForage's IndexedDB store, as its persistLocalDraftBackup keeps them.
    const backups = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((done) => {
            const opening = indexedDB.open('localforage');
            opening.onsuccess = () => {
              const db = opening.result;
              if (!db.objectStoreNames.contains('keyvaluepairs')) return done([]);
              const all = db.transaction('keyvaluepairs').objectStore('keyvaluepairs').getAll();
              all.onsuccess = () => done((all.result as unknown[]).map((v) => JSON.stringify(v)));
            };
          }),
      );
    await page.getByLabel('Title').fill('Not kept');
    // Decap asks for the backup's text once the typing settles: then there is none.
    await expect.poll(written, { timeout: 10_000 }).toContain('Not kept');
    expect(await backups()).toEqual([]);
    await page.getByLabel('Title').fill('Kept draft');
    await expect.poll(written, { timeout: 10_000 }).toContain('Kept draft');
    await expect.poll(backups).toContainEqual(expect.stringContaining('Kept draft'));
  });
});
