/**
 * The content engine's memory, run for real on temporary folders: what it reads again from one
 * run to the next, what Astro's store holds, how `astro dev` changes reach it, and that the order
 * in which Astro runs the collections' loaders cannot change the outcome. Parses are counted at
 * `parseSource`, the one place every entry file is parsed.
 */
import type * as FileSystem from 'node:fs';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { List, SiteRules } from '@/config';
import type { CollectionOptions } from '@/loaders/folder';
import type * as Core from '@/loaders/decide';
import { decide } from '@/loaders/decide';
import { EntryIndex, type IndexedEntry } from '@/loaders/entry-index';
import { refreshOf, type FileEvent } from '@/loaders/port';
import type * as Source from '@/loaders/source';
import { parseSource } from '@/loaders/source';
import { blogSchema } from '@/schemas/blog';
import { teamSchema } from '@/schemas/team';
import { z } from 'astro/zod';
import { ContentStore, engineFor, showingWhole, type Order } from '../support/engine';
import { photo, tempProject, writeFiles } from '../support/temp-project';

vi.mock('@/loaders/source', async (original) => {
  const actual = await original<typeof Source>();
  return { ...actual, parseSource: vi.fn(actual.parseSource) };
});
vi.mock('node:fs', async (original) => {
  const actual = await original<typeof FileSystem>();
  return { ...actual, readdirSync: vi.fn(actual.readdirSync) };
});
vi.mock('@/loaders/decide', async (original) => {
  const actual = await original<typeof Core>();
  return { ...actual, decide: vi.fn(actual.decide) };
});

const parsed = () => vi.mocked(parseSource).mock.calls.map(([file]) => file);
beforeEach(() => {
  vi.mocked(parseSource).mockClear();
  vi.mocked(decide).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const collections: Record<string, CollectionOptions> = {
  blog: { folder: 'src/content/blog', extensions: ['.md', '.mdx'], schema: blogSchema },
  team: { folder: 'src/content/team', extensions: ['.yaml', '.yml'], schema: teamSchema },
};

const post = (title: string, extra = '') => `---
title: ${title}
excerpt: About ${title}.
category: Cooking Tips
author: ana
publishDate: 2025-03-12
image:
  src: https://images.unsplash.com/photo-1
  alt: A pot of water
${extra}---

The body of ${title}.
`;

/** A writer's own photo beside the entry, in place of the stock one. */
const ownPhoto = 'image:\n  src: ./cover.jpg\n  alt: A bowl of soup';

const member =
  'name: Ana\nrole: Cook\nbio: Cooks.\nimage:\n  src: https://images.unsplash.com/photo-2\n  alt: Ana\n';

/** The engine key covers the content config and what it imports; these stand in for ours. */
const config = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }),
  'src/content.config.ts':
    "import { blogSchema } from './schemas/blog';\nexport const collections = { blogSchema };\n",
  'src/schemas/blog.ts':
    "import { text } from '@/schemas/fields';\nexport const blogSchema = { text };\n",
  'src/schemas/fields.ts': 'export const text = 1;\n',
};

/**
 * A project with one member and two posts. `run` is one build: a new engine, over the store and
 * the index that the last build left.
 */
function site(files: Record<string, string | Buffer> = {}, rules = showingWhole('blog', 'team')) {
  const root = tempProject({
    ...config,
    'src/content/team/ana.yaml': member,
    'src/content/blog/salt.md': post('Salt'),
    'src/content/blog/2026/pepper.mdx': post('Pepper'),
    ...files,
  });
  const store = new ContentStore();
  const run = (options: { order?: Order } = {}) =>
    engineFor(root, collections, { rules, store }).sync(options);
  const stored = (collection: string) => store.collections.get(collection) ?? new Map();
  const write = (more: Record<string, string | Buffer>) => writeFiles(root, more);
  const at = (path: string) => join(root, path);
  return { root, store, run, stored, write, at };
}

describe('from one build to the next', () => {
  it('lists a directory again only when its own stamps changed, as git trusts a folder', async () => {
    const { run, write, stored, at } = site();
    await run();
    // Stamps are trusted once they are 2 s older than a save of the index (git's racy window):
    // a run after that lists the directories again once, and saves them as settled.
    await new Promise((later) => setTimeout(later, 2100));
    await run();
    const listed = () =>
      vi
        .mocked(readdirSync)
        .mock.calls.map(([directory]) => String(directory).slice(at('').length + 1));
    vi.mocked(readdirSync).mockClear();
    await run();
    expect(listed()).toEqual([]);

    write({ 'src/content/blog/new.md': post('New') });
    await run();
    expect(listed()).toEqual(['src/content/blog']);
    expect(stored('blog').get('new')?.data['title']).toBe('New');
  });

  it('reads no file again when none has changed, and keeps every entry', async () => {
    const { run, stored } = site();
    expect((await run()).error).toBe('');
    expect(parsed()).toHaveLength(3);
    const before = [...stored('blog').values()];

    vi.mocked(parseSource).mockClear();
    const { error, logged } = await run();
    expect(error).toBe('');
    expect(parsed()).toEqual([]);
    expect([...stored('blog').values()]).toEqual(before);
    expect(logged.info).toContain(
      '3 entries unchanged since the last run, kept as stored; 0 files read and checked.',
    );
  });

  it('reads again only the file that changed, once, and stores what it now says', async () => {
    const { run, stored, write } = site();
    await run();
    vi.mocked(parseSource).mockClear();
    write({ 'src/content/blog/salt.md': post('Salt, Revised') });

    expect((await run()).error).toBe('');
    expect(parsed()).toEqual(['src/content/blog/salt.md']);
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt, Revised');
  });

  it('parses no file whose stamp changed but not its text, as after a fresh checkout', async () => {
    const { run, stored, write } = site();
    await run();
    const before = [...stored('blog').values()];
    vi.mocked(parseSource).mockClear();
    write({ 'src/content/blog/salt.md': post('Salt') });

    expect((await run()).error).toBe('');
    expect(parsed()).toEqual([]);
    expect([...stored('blog').values()]).toEqual(before);
  });

  it('forgets a file that was deleted, and one that was renamed, under its old id', async () => {
    const { run, stored, at } = site();
    await run();
    rmSync(at('src/content/blog/salt.md'));
    renameSync(at('src/content/blog/2026/pepper.mdx'), at('src/content/blog/pepper.mdx'));

    expect((await run()).error).toBe('');
    expect([...stored('blog').keys()]).toEqual(['pepper']);
    expect(stored('blog').get('pepper')?.filePath).toBe('src/content/blog/pepper.mdx');
  });

  it('stores the new path of an entry whose file moved without changing its id or text', async () => {
    const { run, stored, at } = site();
    await run();
    renameSync(at('src/content/blog/salt.md'), at('src/content/blog/salt.mdx'));

    await run();
    expect(stored('blog').get('salt')?.filePath).toBe('src/content/blog/salt.mdx');
  });

  it.each([
    ['a schema the content config imports', 'src/schemas/blog.ts'],
    ['a module imported through the @/ alias', 'src/schemas/fields.ts'],
    ['the content config itself', 'src/content.config.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('reads every file again when %s changes', async (_, file) => {
    const { run, write, at } = site();
    await run();
    vi.mocked(parseSource).mockClear();
    const before = existsSync(at(file)) ? readFileSync(at(file), 'utf8') : '';
    write({ [file]: `${before}\n${file.endsWith('.json') ? '' : '// changed\n'}` });

    await run();
    expect(parsed().sort()).toEqual([
      'src/content/blog/2026/pepper.mdx',
      'src/content/blog/salt.md',
      'src/content/team/ana.yaml',
    ]);
  });

  it('reads no file again when code that has nothing to do with content changes', async () => {
    const { run, write } = site({ 'src/components/Card.tsx': 'export const Card = 1;\n' });
    await run();
    vi.mocked(parseSource).mockClear();
    write({ 'src/components/Card.tsx': 'export const Card = 2;\n' });

    await run();
    expect(parsed()).toEqual([]);
  });

  it('reports a file with problems on every run, and keeps nothing of it', async () => {
    const { run, stored, write } = site();
    await run();
    write({ 'src/content/blog/salt.md': post('Salt', 'drafts: true\n') });

    for (let round = 0; round < 2; round += 1) {
      const { error } = await run();
      expect(error).toContain('src/content/blog/salt.md:10:1');
      expect(error).toContain('"drafts" is not a field');
      expect(stored('blog').has('salt')).toBe(false);
    }
  });

  it('checks the photo of an unchanged entry again: one deleted since is a problem', async () => {
    const { run, at } = site({
      'src/content/blog/soup/index.md': post('Soup').replace(/image:\n.*\n.*/, ownPhoto),
      'src/content/blog/soup/cover.jpg': await photo(),
    });
    expect((await run()).error).toBe('');
    rmSync(at('src/content/blog/soup/cover.jpg'));

    expect((await run()).error).toContain(
      'src/content/blog/soup/index.md:8:8\n    image.src: There is no photo at "./cover.jpg"',
    );
  });
});

describe('what the store holds', () => {
  /** Rules of one list, of the posts whose titles pass `qualifies`; nothing is shown whole. */
  const listing = (qualifies: NonNullable<List['qualifies']>): SiteRules => ({
    pageLists: {},
    feedLists: { posts: { collection: 'blog', label: 'posts', count: 100, qualifies } },
    wholeCollections: [],
  });
  /** The posts whose titles start with "Shown", and nothing else. */
  const showing = listing((post) => !!post.title?.startsWith('Shown'));

  it('is only what the site shows, and the entries those name', async () => {
    const { run, stored } = site({ 'src/content/blog/salt.md': post('Shown Salt') }, showing);
    expect((await run()).error).toBe('');
    expect([...stored('blog').keys()]).toEqual(['salt']);
    expect([...stored('team').keys()]).toEqual(['ana']);
  });

  it('still reads and checks every file, shown or not', async () => {
    const { run } = site(
      { 'src/content/blog/2026/pepper.mdx': post('Pepper', 'drafts: true\n') },
      showing,
    );
    expect((await run()).error).toContain('src/content/blog/2026/pepper.mdx:10:1');
  });

  it('takes in an entry that comes to be shown though its file did not change, reading it once', async () => {
    // As a post comes to be shown when a newer one is deleted, or when its day comes.
    let titles = ['Salt'];
    const { run, stored } = site(
      {},
      listing((post) => titles.includes(post.title ?? '')),
    );
    await run();
    expect([...stored('blog').keys()]).toEqual(['salt']);
    vi.mocked(parseSource).mockClear();

    titles = ['Salt', 'Pepper'];
    const { logged } = await run();
    expect([...stored('blog').keys()].sort()).toEqual(['2026/pepper', 'salt']);
    expect(parsed()).toEqual(['src/content/blog/2026/pepper.mdx']);
    expect(logged.info).toContain(
      '3 entries unchanged since the last run, kept as stored; 0 files read and checked.',
    );
  });

  it('lets an entry go once the site no longer shows it', async () => {
    const { run, stored, write } = site(
      { 'src/content/blog/salt.md': post('Shown Salt') },
      showing,
    );
    await run();
    write({ 'src/content/blog/salt.md': post('Salt, Taken Down') });
    await run();
    expect(stored('blog').size).toBe(0);
  });

  it('keeps a shown entry with its own photo as Astro parses it, for its image', async () => {
    const { run, stored } = site({
      'src/content/blog/soup/index.md': post('Soup').replace(/image:\n.*\n.*/, ownPhoto),
      'src/content/blog/soup/cover.jpg': await photo(),
    });
    expect((await run()).error).toBe('');
    expect(stored('blog').get('soup')).toMatchObject({ photos: ['./cover.jpg'], written: true });
  });
});

describe('the order in which Astro loads the collections', () => {
  // Each case must end within seconds: a loader that waited for the others would never return
  // when Astro ran them one by one.
  it.each<Order>(['together', 'one by one', 'in reverse'])(
    'makes no difference when they load %s: one report, every problem, one decision',
    async (order) => {
      const { run } = site({
        'src/content/team/ana.yaml': member.replace('role: Cook', 'role: 7'),
        'src/content/blog/salt.md': post('Salt', 'drafts: true\n'),
        'src/content/blog/soup.md': post('Soup').replace('author: ana', 'author: gordon'),
      });
      const { error, failures } = await run({ order });
      expect(failures).toBeGreaterThan(0);
      expect(error.split('\n\n')[0]).toContain('The content has 3 problems in 3 files.');
      expect(error).toContain('src/content/team/ana.yaml:2:7');
      expect(error).toContain('src/content/blog/salt.md:10:1');
      expect(error).toContain('There is no team entry "gordon"');
      expect(decide).toHaveBeenCalledTimes(1);
    },
    5_000,
  );
});

describe('astro dev', () => {
  /** A dev server on the site: a full load, then refreshes naming what changed, as content-refresh.ts sends them. */
  async function devServer(files: Record<string, string | Buffer> = {}) {
    const project = site(files);
    const engine = engineFor(project.root, collections, { store: project.store });
    await engine.sync({ mode: 'dev' });
    vi.mocked(parseSource).mockClear();
    /** A refresh naming `path`: changed if it is there, removed if not, unless `kind` says. */
    const change = (path: string, kind?: FileEvent['kind']) => {
      const event = { kind: kind ?? (existsSync(project.at(path)) ? 'changed' : 'removed'), path };
      return engine.sync({
        mode: 'dev',
        refresh: refreshOf([{ ...event, path: project.at(path) }]),
      });
    };
    return { ...project, change };
  }

  it('reads only the file that changed', async () => {
    const { write, change, stored } = await devServer();
    write({ 'src/content/blog/salt.md': post('Salt, Revised') });

    const { logged } = await change('src/content/blog/salt.md');
    expect(parsed()).toEqual(['src/content/blog/salt.md']);
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt, Revised');
    expect(logged.info).toContain('Reloaded src/content/blog/salt.md');
  });

  it('takes in a refresh once, though it reaches every loader', async () => {
    const { write, change, stored } = await devServer();
    vi.mocked(decide).mockClear();
    write({ 'src/content/blog/salt.md': post('Salt, Revised', 'drafts: true\n') });

    const { logged } = await change('src/content/blog/salt.md');
    expect(decide).toHaveBeenCalledTimes(1);
    expect(parsed()).toEqual(['src/content/blog/salt.md']);
    // One report of the problem in the terminal, not one per collection.
    expect(logged.error).toHaveLength(1);
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt');
  });

  it('takes in a new file and forgets a deleted one', async () => {
    const { write, change, stored, at } = await devServer();
    write({ 'src/content/blog/new.md': post('New') });
    await change('src/content/blog/new.md', 'added');
    rmSync(at('src/content/blog/salt.md'));
    await change('src/content/blog/salt.md');

    expect(parsed()).toEqual(['src/content/blog/new.md']);
    expect([...stored('blog').keys()].sort()).toEqual(['2026/pepper', 'new']);
  });

  it("says nothing of a tool's temporary file that is gone before its change is read", async () => {
    // `sed -i` writes `sedXXXXXX` beside the file and renames it over the file a moment later.
    const { change, stored } = await devServer();
    const { logged } = await change('src/content/blog/sedTfnKHv');

    expect(logged.error).toEqual([]);
    expect(parsed()).toEqual([]);
    expect([...stored('blog').keys()].sort()).toEqual(['2026/pepper', 'salt']);
  });

  it('keeps the last good version of a file with problems, reports them, and says when they are fixed', async () => {
    const { write, change, stored } = await devServer();
    write({ 'src/content/blog/salt.md': post('Salt, Broken', 'drafts: true\n') });
    const broken = await change('src/content/blog/salt.md');
    expect(broken.logged.error.join('\n')).toContain('src/content/blog/salt.md:10:1');
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt');

    write({ 'src/content/blog/salt.md': post('Salt, Fixed') });
    const fixed = await change('src/content/blog/salt.md');
    expect(fixed.logged.error).toEqual([]);
    expect(fixed.logged.info).toContain('The content problems are fixed.');
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt, Fixed');
  });

  it('runs the whole-content checks after a change: a broken reference shows at once', async () => {
    const { write, change } = await devServer();
    write({ 'src/content/blog/salt.md': post('Salt').replace('author: ana', 'author: gordon') });

    const { logged } = await change('src/content/blog/salt.md');
    expect(logged.error.join('\n')).toContain(
      'src/content/blog/salt.md:5:9\n    author: There is no team entry "gordon"',
    );
  });

  it('lets the other file take the id when one of two clashing files goes', async () => {
    const { write, change, stored, at } = await devServer();
    write({ 'src/content/blog/salt/index.md': post('Salt in a Folder') });
    const clash = await change('src/content/blog/salt/index.md', 'added');
    expect(clash.logged.error.join('\n')).toContain('both make the entry "salt"');

    rmSync(at('src/content/blog/salt.md'));
    const resolved = await change('src/content/blog/salt.md');
    expect(resolved.logged.error).toEqual([]);
    expect(stored('blog').get('salt')?.data['title']).toBe('Salt in a Folder');
  });

  it('tries an entry again when the photo it was missing is added', async () => {
    const { write, change } = await devServer({
      'src/content/blog/soup/index.md': post('Soup').replace(/image:\n.*\n.*/, ownPhoto),
    });
    write({ 'src/content/blog/soup/cover.jpg': await photo() });

    const { logged } = await change('src/content/blog/soup/cover.jpg', 'added');
    expect(parsed()).toEqual(['src/content/blog/soup/index.md']);
    expect(logged.error).toEqual([]);
  });

  it('reads a file with problems again when a photo comes, not on every save', async () => {
    const { write, change } = await devServer({
      'src/content/blog/broken.md': post('Broken', 'drafts: true\n'),
    });
    write({ 'src/content/blog/salt.md': post('Salt, Revised') });
    await change('src/content/blog/salt.md');
    expect(parsed()).toEqual(['src/content/blog/salt.md']);

    write({ 'src/content/blog/cover.jpg': await photo() });
    await change('src/content/blog/cover.jpg', 'added');
    expect(parsed()).toEqual(['src/content/blog/salt.md', 'src/content/blog/broken.md']);
  });

  it('scans again for a newer evaluation of the content config, and checks every entry with its schema once the engine key changed', async () => {
    const { write, root, store } = await devServer();
    write({ 'src/schemas/fields.ts': 'export const text = 2;\n' });
    const shortTitles = {
      ...collections,
      blog: {
        ...collections['blog']!,
        schema: (context: Parameters<typeof blogSchema>[0]) =>
          blogSchema(context).extend({ title: z.string().max(5) }),
      },
    };

    const { logged } = await engineFor(root, shortTitles, { store }).sync({ mode: 'dev' });
    expect(parsed().sort()).toEqual([
      'src/content/blog/2026/pepper.mdx',
      'src/content/blog/salt.md',
      'src/content/team/ana.yaml',
    ]);
    expect(logged.error.join('\n')).toContain('src/content/blog/2026/pepper.mdx:2:8');
  });

  it('keeps what it read for a newer evaluation when the engine key is unchanged', async () => {
    const { root, store, stored } = await devServer();
    const { logged } = await engineFor(root, collections, { store }).sync({ mode: 'dev' });
    expect(parsed()).toEqual([]);
    expect(logged.info).toContain(
      '3 entries unchanged since the last run, kept as stored; 0 files read and checked.',
    );
    expect([...stored('blog').keys()].sort()).toEqual(['2026/pepper', 'salt']);
  });

  it('lists a folder again when a folder of entries is renamed', async () => {
    const { change, stored, at } = await devServer();
    renameSync(at('src/content/blog/2026'), at('src/content/blog/2027'));
    await change('src/content/blog/2026', 'folder');

    expect([...stored('blog').keys()].sort()).toEqual(['2027/pepper', 'salt']);
  });
});

describe('the index', () => {
  const indexed = (file: string, mtimeMs: number): IndexedEntry => ({
    collection: 'blog',
    id: file,
    file: `src/content/blog/${file}.md`,
    size: 100,
    mtimeMs,
    ctimeMs: mtimeMs,
    digest: 'd',
    placement: {},
    references: [],
    placeholders: [],
    photos: [],
  });

  it('trusts a file by its size and times only if it was saved well before the index was', () => {
    const root = tempProject({});
    const file = join(root, 'index.json');
    const at = (name: string) => join(root, `src/content/blog/${name}.md`);
    const now = Date.now();
    const saving = new EntryIndex(root, 'k');
    saving.set(at('old'), indexed('old', now - 60_000));
    saving.set(at('racy'), indexed('racy', now - 500));
    saving.save(file);
    const index = EntryIndex.open(root, 'k', file);

    const stamp = (size: number, mtimeMs: number, ctimeMs = mtimeMs) => ({
      size,
      mtimeMs,
      ctimeMs,
    });
    expect(index.unchanged(at('old'), stamp(100, now - 60_000))).toEqual(
      indexed('old', now - 60_000),
    );
    expect(index.unchanged(at('old'), stamp(101, now - 60_000))).toBeUndefined();
    // Its modification time set back after an edit (`touch -r`): the change time tells.
    expect(index.unchanged(at('old'), stamp(100, now - 60_000, now - 1000))).toBeUndefined();
    // Saved within the file system's timestamp resolution of the index: its text decides.
    expect(index.unchanged(at('racy'), stamp(100, now - 500))).toBeUndefined();
    expect(EntryIndex.open(root, 'another key', file).entries.size).toBe(0);
  });

  it('reads back every field it saved, dates as dates', () => {
    const root = tempProject({});
    const file = join(root, 'index.json');
    const bare = indexed('bare', Date.now() - 60_000);
    const entry: IndexedEntry = {
      ...indexed('full', Date.now() - 60_000),
      placement: {
        publishDate: new Date('2026-01-02'),
        title: 'Full',
        draft: false,
        featured: true,
      },
      references: [{ path: ['author'], collection: 'team', id: 'ana' }],
      placeholders: [{ path: ['steps', 1], line: 9, column: 5 }],
      photos: ['./cover.jpg'],
    };
    const saving = new EntryIndex(root, 'k');
    saving.set(join(root, entry.file), entry);
    saving.set(join(root, bare.file), bare);
    saving.save(file);
    const { entries } = EntryIndex.open(root, 'k', file);
    expect(entries.get(join(root, entry.file))).toEqual(entry);
    expect(entries.get(join(root, bare.file))).toEqual(bare);
  });

  it('keeps each collection newest first as entries come, change and go', () => {
    const dated = (id: string, day: string, more: Partial<IndexedEntry['placement']> = {}) => ({
      ...indexed(id, 0),
      placement: { title: id, publishDate: new Date(`${day}T00:00:00Z`), ...more },
    });
    const index = new EntryIndex('/site', 'k');
    const days = ['2026-03-01', '2026-01-01', '2026-05-01', '2026-02-01', '2026-04-01'];
    days.forEach((day, n) => index.set(`/site/${n}`, dated(`post-${n}`, day)));
    const order = () =>
      index
        .newestFirst()
        .get('blog')
        ?.map((entry) => entry.id);
    expect(order()).toEqual(['post-2', 'post-4', 'post-0', 'post-3', 'post-1']);

    index.set('/site/1', dated('post-1', '2026-06-01', { draft: true }));
    index.delete('/site/4');
    index.set('/site/5', dated('post-5', '2026-03-01'));
    // Equal days go by title.
    expect(order()).toEqual(['post-1', 'post-2', 'post-0', 'post-5', 'post-3']);
    const fresh = new EntryIndex('/site', 'k');
    for (const [path, entry] of index.entries) fresh.set(path, entry);
    expect(fresh.newestFirst()).toEqual(index.newestFirst());
  });
});
