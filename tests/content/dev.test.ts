/**
 * A writer's loop in the real `astro dev`: each save reaches the page, only the saved file is
 * read again, and problems, including those that need all the content (a reference to a team
 * member who does not exist), show in the terminal as soon as the file is saved. The web
 * editor's /admin/site.json knows the save at once, a save reaches the page even while a request
 * is still loading the store the save before wrote, and a deleted post leaves the page even while
 * a request is still loading the store that held it (src/integrations/fresh-store.ts); a schema
 * edit applies without a restart by hand.
 *
 * The save travels by documented means only (src/integrations/content-refresh.ts): the
 * integration's own watch of src/content, `refreshContent()` naming the changed paths, and the
 * loaders' `refreshContextData`; a schema edit restarts the dev server through `addWatchFile`. If
 * an Astro upgrade changes any of them, saves stop reaching the page and these tests fail with
 * the server's log.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devServer } from '../support/astro-cli';
import { edit, scratchProject, write } from './scratch';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const newest = 'src/content/blog/fermentation-for-beginners-sauerkraut.mdx';
const count = (text: string, part: string) => text.split(part).length - 1;

describe('npm run dev', () => {
  let dir = '';
  let server: Awaited<ReturnType<typeof devServer>>;

  beforeAll(async () => {
    dir = scratchProject();
    // Holds a load of the content store that reads a post titled "Held While Loading" until the
    // store on disk has the next save, and one that reads a post titled "Deleted While Loading"
    // until the store on disk no longer has it: the request in flight during a save or a deletion,
    // on a busy machine.
    edit(dir, 'astro.config.ts', (text) =>
      text.replace(
        'plugins: [tailwindcss()],',
        `plugins: [tailwindcss(), {
          name: 'hold-store-load',
          async transform(code, id) {
            if (id !== '\\0astro:data-layer-content') return;
            const stored = () => readFileSync('.astro/data-store.json', 'utf8');
            const [what, written] = code.includes('Held While Loading')
              ? ['the next save', () => stored().includes('Saved While Loading')]
              : code.includes('Deleted While Loading')
                ? ['the deletion', () => !stored().includes('Deleted While Loading')]
                : [];
            if (!written) return;
            console.log(\`Holding a load of the store until \${what}\`);
            for (const end = Date.now() + 20_000; Date.now() < end && !written(); ) {
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          },
        }],`,
      ),
    );
    edit(dir, 'astro.config.ts', (text) => `import { readFileSync } from 'node:fs';\n${text}`);
    server = await devServer(dir);
    await server.page('/blog/');
  });

  afterAll(() => server?.stop());

  it('takes a deleted post off the page even while a request was still loading the store that held it', async () => {
    const synced = () => count(server.log(), 'Synced content');
    const file = 'src/content/blog/2027/deleted-while-loading.md';
    const post = readFileSync(join(dir, newest), 'utf8')
      .replace(/^title: .*$/m, 'title: Deleted While Loading')
      .replace(/^publishDate: .*$/m, 'publishDate: 2026-01-06');
    const before = synced();
    write(dir, file, post);
    await server.until('the new post synced', () => synced() > before);
    // This request loads the store with the new post, and is held until its deletion is written.
    const visit = server.get('/blog/');
    await server.until('the held load', () =>
      server.log().includes('Holding a load of the store until the deletion'),
    );
    rmSync(join(dir, file));
    await visit;
    await server.page('/blog/', (html) => !html.includes('Deleted While Loading'));
  });

  it('shows a saved edit on the page, reading only the saved file', async () => {
    // What the server printed from here on: the test before this one saved and deleted a post.
    const since = server.log().length;
    const printed = () => server.log().slice(since);
    edit(dir, newest, (text) => text.replace(/^title: .*$/m, 'title: Sauerkraut, Saved in Dev'));
    await server.page('/blog/', (html) => html.includes('Sauerkraut, Saved in Dev'));
    await server.until('the reload line', () => printed().includes(`Reloaded ${newest}`));
    // A second save is the barrier: Astro runs one sync at a time, so by the time this one is
    // read, any other sync the first save started has begun and printed.
    const other = 'src/content/blog/why-sunday-ragu-matters.mdx';
    edit(dir, other, (text) => text.replace('title: Why Sunday', 'title: Why Monday'));
    await server.until('the second reload line', () => printed().includes(`Reloaded ${other}`));
    // The full read happens once, at start-up; each save is one refresh that reads one file.
    expect(count(server.log(), 'unchanged since the last run')).toBe(1);
    expect(count(printed(), 'Syncing content')).toBe(2);
    expect(printed().match(/Reloaded .*/g)).toEqual([`Reloaded ${newest}`, `Reloaded ${other}`]);
  });

  it('reports a reference to a missing team member in the terminal as soon as it is saved', async () => {
    edit(dir, newest, (text) => text.replace(/^author: .*$/m, 'author: gordon'));
    await server.until('the report of the missing team member', () =>
      server.log().includes(`${newest}:5:9\n    author: There is no team entry "gordon"`),
    );

    edit(dir, newest, (text) => text.replace(/^author: .*$/m, 'author: priya-raman'));
    await server.until('the all-clear', () =>
      server.log().includes('The content problems are fixed.'),
    );
  });

  it('adds a new post to the page, and takes it away when the file is deleted', async () => {
    const post = readFileSync(join(dir, newest), 'utf8')
      .replace(/^title: .*$/m, 'title: Brand New in Dev')
      .replace(/^publishDate: .*$/m, 'publishDate: 2026-01-05');
    write(dir, 'src/content/blog/2026/brand-new.md', post);
    await server.page('/blog/', (html) => html.includes('Brand New in Dev'));

    rmSync(join(dir, 'src/content/blog/2026/brand-new.md'));
    await server.page('/blog/', (html) => !html.includes('Brand New in Dev'));
  });

  it("serves the editor's /admin/site.json from what the engine knows after a save, not from the index it saves later", async () => {
    edit(dir, newest, (text) =>
      text.replace(/^title: .*$/m, 'title: Sauerkraut, Seen by the Editor'),
    );
    await server.page('/blog/', (html) => html.includes('Sauerkraut, Seen by the Editor'));
    expect(await server.get('/admin/site.json')).toContain('Sauerkraut, Seen by the Editor');
  });

  it('shows a save made while a request was still loading the store the save before wrote', async () => {
    const synced = () => count(server.log(), 'Synced content');
    const before = synced();
    edit(dir, newest, (text) => text.replace(/^title: .*$/m, 'title: Held While Loading'));
    await server.until('the first save synced', () => synced() > before);
    // This request loads the store with the first save, and is held until the second is written.
    const visit = server.get('/blog/');
    await server.until('the held load', () =>
      server.log().includes('Holding a load of the store until the next save'),
    );
    edit(dir, newest, (text) => text.replace(/^title: .*$/m, 'title: Saved While Loading'));
    await visit;
    await server.page('/blog/', (html) => html.includes('Saved While Loading'));
  });

  it('applies a schema edit without a restart by hand: every entry is checked against the new schema', async () => {
    const sourdough = 'src/content/blog/your-first-sourdough-starter.mdx';
    const title = 'Your First Sourdough Starter';
    const fixed = () => count(server.log(), 'The content problems are fixed.');
    const fixedBefore = fixed();
    expect(await server.get('/rss.xml')).toContain(title);

    edit(dir, 'src/schemas/vocabulary.ts', (text) => text.replace("  'Baking',\n", ''));
    await server.until('the report of the category the schema no longer allows', () =>
      server.log().includes(`${sourdough}:4:11\n    category:`),
    );
    await server.page('/rss.xml', (xml) => !xml.includes(title));

    edit(dir, 'src/schemas/vocabulary.ts', (text) =>
      text.replace("  'Photography',\n", "  'Photography',\n  'Baking',\n"),
    );
    await server.until('the all-clear', () => fixed() > fixedBefore);
    await server.page('/rss.xml', (xml) => xml.includes(title));
  });
});
