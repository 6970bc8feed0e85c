/**
 * The content engine, run for real on small folders written to a temporary directory, through
 * its port: no Astro, and no stand-in for Astro. The engine shows every entry here
 * (`showingWhole`), so what it stores is what it read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteRules } from '@/config';
import { blogSchema } from '@/schemas/blog';
import { teamSchema } from '@/schemas/team';
import { engineFor, showingWhole } from '../support/engine';
import { photo, tempProject as project } from '../support/temp-project';

afterEach(() => vi.unstubAllEnvs());

/** Frontmatter for a valid post, with fields replaced or added. */
function post(fields: Record<string, string> = {}, body = 'Salt the water well.\n') {
  const all = {
    title: 'Salt the Water',
    excerpt: 'More than you think.',
    category: 'Cooking Tips',
    author: 'ana',
    publishDate: '2025-03-12',
    image: '\n  src: https://images.unsplash.com/photo-1\n  alt: A pot of water',
    ...fields,
  };
  const yaml = Object.entries(all)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
  return `---\n${yaml}\n---\n\n${body}`;
}

const member =
  'name: Ana\nrole: Cook\nbio: Cooks.\nimage:\n  src: https://images.unsplash.com/photo-2\n  alt: Ana\n';

type Stored = { id: string; data: Record<string, unknown>; filePath?: string; body?: string };

const collections = {
  blog: { folder: 'src/content/blog', extensions: ['.md', '.mdx'], schema: blogSchema },
  team: { folder: 'src/content/team', extensions: ['.yaml', '.yml'], schema: teamSchema },
};

/** Runs one engine over the blog and team folders, as `astro sync` would. */
async function load(root: string, rules: SiteRules = showingWhole('blog', 'team')) {
  const { sync, store } = engineFor(root, collections, { rules });
  const { error, logged } = await sync();
  const stored = {
    blog: store.collections.get('blog') as Map<string, Stored>,
    team: store.collections.get('team') as Map<string, Stored>,
  };
  return { stored, logged: logged.info, error };
}

const team = { 'src/content/team/ana.yaml': member };

describe('finding entries', () => {
  it('reads .md and .mdx at any depth, and a folder per entry, with ids from their paths', async () => {
    const root = project({
      ...team,
      'src/content/blog/plain.md': post(),
      'src/content/blog/2026/in-a-year-folder.mdx': post(),
      'src/content/blog/with-photo/index.md': post(),
      'src/content/blog/Capital Letters.md': post(),
    });
    const { stored, error } = await load(root);
    expect(error).toBe('');
    expect([...stored.blog.keys()].sort()).toEqual([
      '2026/in-a-year-folder',
      'capital-letters',
      'plain',
      'with-photo',
    ]);
    expect(stored.blog.get('with-photo')?.filePath).toBe('src/content/blog/with-photo/index.md');
  });

  it('reads team files ending in .yml as well as .yaml', async () => {
    const root = project({ 'src/content/team/ben.yml': member, ...team });
    expect([...(await load(root)).stored.team.keys()].sort()).toEqual(['ana', 'ben']);
  });

  it('fails on two files that make the same id, naming both', async () => {
    const root = project({
      ...team,
      'src/content/blog/soup.md': post(),
      'src/content/blog/soup/index.mdx': post(),
    });
    const { error } = await load(root);
    expect(error).toContain('src/content/blog/soup/index.mdx:1:1');
    expect(error).toContain('This file and src/content/blog/soup.md both make the entry "soup"');
  });

  it.each(['notes.markdown', 'draft.txt', 'data.json'])(
    'fails on %s, naming it and the endings it reads',
    async (name) => {
      const root = project({ ...team, [`src/content/blog/${name}`]: 'Some words' });
      const { error } = await load(root);
      expect(error).toContain(`src/content/blog/${name}:1:1`);
      expect(error).toContain('end in .md or .mdx');
    },
  );

  it('passes over photos and hidden files beside the entries', async () => {
    const root = project({
      ...team,
      'src/content/blog/a.md': post(),
      'src/content/blog/cover.jpg': await photo(),
      'src/content/blog/.DS_Store': 'finder',
    });
    expect((await load(root)).error).toBe('');
  });
});

describe('reading files', () => {
  it('reads a file saved on Windows, with a byte-order mark and CRLF line endings', async () => {
    const windows = `\uFEFF${post({ title: 'From Notepad' }).replaceAll('\n', '\r\n')}`;
    const root = project({ ...team, 'src/content/blog/notepad.md': windows });
    const { stored, error } = await load(root);
    expect(error).toBe('');
    expect(stored.blog.get('notepad')?.data['title']).toBe('From Notepad');
    expect(stored.blog.get('notepad')?.body).not.toContain('\r');
  });

  it('counts lines correctly in a Windows file', async () => {
    const windows = `\uFEFF${post({ drafts: 'true' }).replaceAll('\n', '\r\n')}`;
    const root = project({ ...team, 'src/content/blog/notepad.md': windows });
    expect((await load(root)).error).toContain('src/content/blog/notepad.md:10:1');
  });

  it('explains a file without its frontmatter block', async () => {
    const root = project({ ...team, 'src/content/blog/bare.md': 'title: Soup\n\nHot soup.\n' });
    const { error } = await load(root);
    expect(error).toContain('src/content/blog/bare.md:1:1');
    expect(error).toContain('two lines of three dashes');
  });

  it.each([
    ['a colon inside a value', { title: 'Soup: A Love Story' }, '2:8', 'This value contains ": "'],
    ['a field set twice', { comments: '1\ncomments: 2' }, '11:1', 'This field is set twice'],
  ])('explains %s in YAML, at its line', async (_, fields, place, message) => {
    const root = project({ ...team, 'src/content/blog/a.md': post(fields) });
    const { error } = await load(root);
    expect(error).toContain(`src/content/blog/a.md:${place}\n    ${message}`);
  });

  it('points an unclosed quote at the line where it opens', async () => {
    const root = project({ ...team, 'src/content/blog/a.md': post({ excerpt: '"unclosed' }) });
    const { error } = await load(root);
    expect(error).toContain('src/content/blog/a.md:3:10\n    This quote mark is never closed');
  });
});

describe('checking fields', () => {
  it('names an unknown field, its line, and the field the writer probably meant', async () => {
    const root = project({ ...team, 'src/content/blog/a.md': post({ drafts: 'true' }) });
    const { error } = await load(root);
    expect(error).toContain(
      'src/content/blog/a.md:10:1\n    drafts: "drafts" is not a field; did you mean "draft"?',
    );
  });

  it('lists the fields when an unknown one is close to none of them', async () => {
    const root = project({ ...team, 'src/content/blog/a.md': post({ mood: 'happy' }) });
    expect((await load(root)).error).toContain(
      '"mood" is not a field. The fields here are: title, excerpt, category',
    );
  });

  it('checks nested fields strictly too', async () => {
    const image = '\n  src: https://images.unsplash.com/photo-1\n  alt: Pot\n  atl: Pot';
    const root = project({ ...team, 'src/content/blog/a.md': post({ image }) });
    expect((await load(root)).error).toContain(
      'src/content/blog/a.md:10:3\n    image.atl: "atl" is not a field; did you mean "alt"?',
    );
  });

  it('says what is wrong at the line and column of the value, naming the field once', async () => {
    const root = project({
      ...team,
      'src/content/blog/a.md': post({ category: 'Cookery', comments: 'many' }),
    });
    const { error } = await load(root);
    expect(error).toContain(
      'src/content/blog/a.md:4:11\n    category: the text "Cookery" is not allowed here. ' +
        'Use one of: Cooking Tips, Culture, Sustainability, Photography, Baking, Vegan',
    );
    expect(error).toContain('comments: must be a number, such as 4, not the text "many"');
    expect(error).not.toMatch(/comments\W+comments/);
  });

  it('points a missing field at the start of the fields', async () => {
    const root = project({ ...team, 'src/content/blog/a.md': post().replace(/^title: .*\n/m, '') });
    expect((await load(root)).error).toContain(
      'src/content/blog/a.md:2:1\n    title: is required, but this file does not set it',
    );
  });

  it.each([
    ['a day that is not on the calendar', '2025-02-30', 'not on the calendar'],
    ['a date in another format', '12/03/2025', 'YYYY-MM-DD'],
  ])('rejects %s in publishDate', async (_, value, message) => {
    const root = project({ ...team, 'src/content/blog/a.md': post({ publishDate: value }) });
    const { error } = await load(root);
    expect(error).toContain('src/content/blog/a.md:6:14\n    publishDate: ');
    expect(error).toContain(message);
  });

  it('reports every problem in every file and collection in one run', async () => {
    const root = project({
      'src/content/team/ana.yaml': member.replace('role: Cook', 'role: 7'),
      'src/content/blog/one.md': post({ drafts: 'true' }),
      'src/content/blog/two.md': post({ comments: '-1' }),
    });
    const { error } = await load(root);
    expect(error).toContain('The content has 3 problems in 3 files.');
    for (const file of ['team/ana.yaml:2:7', 'blog/one.md:10:1', 'blog/two.md:10:11']) {
      expect(error).toContain(`src/content/${file}`);
    }
  });

  it('fails on a reference to an entry that does not exist, at its line', async () => {
    const root = project({ ...team, 'src/content/blog/a.md': post({ author: 'gordon' }) });
    expect((await load(root)).error).toContain(
      'src/content/blog/a.md:5:9\n    author: There is no team entry "gordon". Use one of: ana',
    );
  });

  it('reports a broken entry once, at its own file, not again at every reference to it', async () => {
    const root = project({
      'src/content/team/ana.yaml': member.replace('role: Cook', 'role: 7'),
      'src/content/blog/a.md': post(),
    });
    const { error } = await load(root);
    expect(error).toContain('The content has 1 problem in 1 file.');
    expect(error).toContain('src/content/team/ana.yaml:2:7');
    expect(error).not.toContain('There is no team entry');
  });

  it('gives the line in the file, not in the body, for an MDX body that does not compile', async () => {
    const body = 'First paragraph.\n\nAn unclosed <Component tag.\n';
    const root = project({ ...team, 'src/content/blog/a.mdx': post({}, body) });
    expect((await load(root)).error).toMatch(
      /src\/content\/blog\/a\.mdx:14:13\n {4}The MDX text does not compile/,
    );
  });

  it('stops a photo inside the text given as a file path, at its line, since nothing would publish it', async () => {
    const body =
      'Intro.\n\nAt the market: ![Stalls](./market.jpg)\n\n<img alt="Jars" src="jars.png">\n';
    const root = project({ ...team, 'src/content/blog/a.md': post({}, body) });
    const { error } = await load(root);
    expect(error).toContain(
      'src/content/blog/a.md:14:16\n    The photo "./market.jpg" inside the text',
    );
    expect(error).toContain('src/content/blog/a.md:16:1\n    The photo "jars.png" inside the text');
  });

  it('lets photos inside the text be full addresses or files of the site', async () => {
    const body =
      '![Pasta](https://images.unsplash.com/photo-1)\n\n![Logo](/favicon.svg)\n\n<img src="https://example.com/a.jpg" alt="A">\n';
    const root = project({ ...team, 'src/content/blog/a.md': post({}, body) });
    expect((await load(root)).error).toBe('');
  });

  it('leaves plain Markdown bodies alone, whatever they contain', async () => {
    const root = project({
      ...team,
      'src/content/blog/a.md': post({}, 'Use a <5 cm pan {or two}.'),
    });
    expect((await load(root)).error).toBe('');
  });
});

describe('photos', () => {
  it('accepts a photo beside the entry, by a path relative to the file', async () => {
    const image = '\n  src: ./images/cover.jpg\n  alt: A pot of water';
    const root = project({
      ...team,
      'src/content/blog/trip/index.md': post({ image }),
      'src/content/blog/trip/images/cover.jpg': await photo(),
    });
    const { stored, error } = await load(root);
    expect(error).toBe('');
    expect(stored.blog.get('trip')?.data['image']).toMatchObject({ src: './images/cover.jpg' });
  });

  it.each([
    ['a photo that is not there', './cover.jpg', 'There is no photo at "./cover.jpg"'],
    ['a path without ./', 'cover.jpg', 'or a path to a photo beside this file such as ./cover.jpg'],
    ['a file that is not a photo', './notes.txt', 'is not a photo'],
    ['a plain http address', 'http://example.com/a.jpg', 'Use an https:// address'],
  ])('fails on %s, at its line', async (_, src, message) => {
    const image = `\n  src: ${src}\n  alt: A pot of water`;
    const root = project({ ...team, 'src/content/blog/a.md': post({ image }) });
    const { error } = await load(root);
    expect(error).toContain('src/content/blog/a.md:8:8\n    image.src: ');
    expect(error).toContain(message);
  });
});

describe('reporting', () => {
  it('prints GitHub annotations on the line when running in GitHub Actions', async () => {
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const root = project({ ...team, 'src/content/blog/a.md': post({ drafts: 'true' }) });
    await load(root);
    const printed = write.mock.calls.map(([text]) => String(text)).join('');
    write.mockRestore();
    expect(printed).toContain(
      '::error file=src/content/blog/a.md,line=10,col=1::drafts: "drafts" is not a field; did you mean "draft"?',
    );
  });

  it('logs the notes of the decision: what is scheduled, and the drafts', async () => {
    vi.stubEnv('PUBLISH_NOW', '2026-06-01');
    const root = project({
      ...team,
      'src/content/blog/a.md': post({ publishDate: '2026-07-01' }),
      'src/content/blog/b.md': post({ draft: 'true' }),
    });
    const { logged, error } = await load(root);
    expect(error).toBe('');
    expect(logged).toContain(
      'Scheduled, so left out of this build (published as of 2026-06-01, UTC):\n' +
        '  src/content/blog/a.md goes live on 2026-07-01',
    );
    expect(logged).toContain('Drafts, so left out of this build:\n  src/content/blog/b.md');
  });

  it('reports the rules’ problems with the rest, a problem at a field at its line', async () => {
    const rules: SiteRules = {
      pageLists: { blogGrid: { collection: 'blog', label: '/blog', count: 8 } },
      feedLists: {},
      wholeCollections: ['team'],
    };
    const root = project({
      ...team,
      'src/content/blog/a.md': post({ drafts: 'true' }),
      'src/content/blog/b.md': post({ excerpt: 'REPLACE with a sentence.' }),
    });
    const { error } = await load(root, rules);
    expect(error).toContain('The content has 3 problems in 3 files.');
    expect(error).toContain(
      '  src/content/blog\n    /blog needs 8, but only 1 is published. Add entries, or publish ones that are waiting. 1 entry with problems listed here was not counted.',
    );
    expect(error).toContain(
      '  src/content/blog/b.md:3:10\n    excerpt: still starts with the REPLACE text',
    );
  });
});
