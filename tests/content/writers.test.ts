/**
 * What writers commit, tried for real: each case copies the project, commits files the way a
 * writer would, and runs the real Astro CLI or script on the copy.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'rss-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageLists } from '@/config';
import { astro, node } from '../support/astro-cli';
import { edit, page, scratchProject, write } from './scratch';

// Each case runs the real Astro CLI on a scratch copy: seconds, not milliseconds.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

// Builds run as of this moment, so the tests never depend on today's date.
const NOW = { PUBLISH_NOW: '2026-06-01T09:00:00Z' };

function post(title: string, publishDate: string, image = 'https://images.unsplash.com/photo-1') {
  return `---
title: ${title}
excerpt: A short excerpt for ${title}.
category: Cooking Tips
author: priya-raman
publishDate: ${publishDate}
image:
  src: ${image}
  alt: A photo for ${title}
---

The body of ${title}.
`;
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();

/** What a run of the Astro CLI or a script printed, and how it ended. */
type Output = ReturnType<typeof astro>;

/** Titles of the post cards on a built page, in order: the cards with a publish date. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<article [\s\S]*?<\/article>/g)]
    .map(([card]) => card)
    .filter((card) => card.includes('<time'))
    .map((card) => /<h3[^>]*>([^<]+)<\/h3>/.exec(card)?.[1] ?? '');

/**
 * One build of what writers commit: new posts, with a writer's own photo and a scheduled one, and
 * everyday edits of recipes and the site settings. The posts touch only the blog's lists and feed;
 * the edits only the recipes' lists and Today's Special, and no post names a recipe: neither part
 * can fill, empty or fix anything of the other, so each passes this build only if it passes alone.
 */
let committed: Promise<{ dir: string; log: string }> | undefined;
const committedBuild = () => (committed ??= buildCommitted());

async function buildCommitted() {
  const dir = scratchProject();
  write(dir, 'src/content/blog/plain-markdown.md', post('Plain Markdown Post', '2026-05-30'));
  write(dir, 'src/content/blog/2026/year-folder.mdx', post('Year Folder Post', '2026-05-29'));
  write(
    dir,
    'src/content/blog/market-day/index.md',
    post('Own Photo Post', '2026-05-28', './cover.jpg'),
  );
  write(dir, 'src/content/blog/market-day/cover.jpg', await photo(1600, 1200));
  const windows = `\uFEFF${post('Notepad Post', '2026-05-27').replaceAll('\n', '\r\n')}`;
  write(dir, 'src/content/blog/from-notepad.md', windows);
  write(dir, 'src/content/blog/next-month.md', post('Written Ahead Post', '2026-07-01'));
  // Today's Special, a rating, and the number of recipes.
  edit(dir, 'src/content/site/site.yaml', (t) =>
    t.replace(/^todaysSpecial: .*$/m, 'todaysSpecial: miso-glazed-salmon'),
  );
  edit(dir, 'src/content/recipes/miso-glazed-salmon.mdx', (t) =>
    t.replace(/^rating: .*$/m, 'rating: 4.2'),
  );
  rmSync(join(dir, 'src/content/recipes/french-onion-soup.mdx'));
  rmSync(join(dir, 'src/content/recipes/lemon-meringue-tart.mdx'));
  const { status, output } = astro(dir, 'build', NOW);
  expect(status, output).toBe(0);
  return { dir, log: output };
}

describe('what a writer commits is published', () => {
  let dir = '';
  let log = '';

  beforeAll(async () => {
    ({ dir, log } = await committedBuild());
  });

  it('publishes a plain .md post, one in a sub-folder, one in its own folder, and one from Windows', () => {
    expect(cardTitles(page(dir, 'blog/index.html')).slice(0, 4)).toEqual([
      'Plain Markdown Post',
      'Year Folder Post',
      'Own Photo Post',
      'Notepad Post',
    ]);
  });

  it('keeps a post dated after the build day off every page and out of the feed and sitemap', () => {
    expect(cardTitles(page(dir, 'index.html'))[0]).toBe('Plain Markdown Post');
    for (const file of ['index.html', 'blog/index.html', 'rss.xml', 'sitemap-0.xml']) {
      expect(page(dir, file), file).not.toContain('Written Ahead Post');
    }
  });

  it('lists scheduled posts and their dates in the build log', () => {
    expect(log).toContain('src/content/blog/next-month.md goes live on 2026-07-01');
  });

  it("renders a writer's own photo as AVIF and WebP at the widths the card uses", () => {
    const html = page(dir, 'blog/index.html');
    const picture =
      /<picture>(?:(?!<\/picture>)[\s\S])*cover[\s\S]*?<\/picture>/.exec(html)?.[0] ?? '';
    expect(picture).toMatch(/<source type="image\/avif"[^>]*srcSet="[^"]*\.avif 320w/i);
    expect(picture).toMatch(/<source type="image\/webp"[^>]*srcSet="[^"]*\.webp 960w/i);
    // The post card's widest display (720 px) in its 3:2 shape: the attributes fix the aspect ratio.
    expect(picture).toMatch(/<img [^>]*width="720" height="480"[^>]*loading="lazy"/);
    const built = readdirSync(join(dir, 'dist/_astro')).filter((f) => f.startsWith('cover.'));
    expect(built.some((f) => f.endsWith('.avif'))).toBe(true);
    expect(built.some((f) => f.endsWith('.webp'))).toBe(true);
  });

  it("puts each new post in the feed with its body, linked to its card, a writer's own photo as its built file", async () => {
    const feed = await new Parser<
      Record<string, unknown>,
      { 'content:encoded': string }
    >().parseString(page(dir, 'rss.xml'));
    const item = (title: string) => feed.items.find((i) => i.title === title);
    for (const title of ['Plain Markdown Post', 'Year Folder Post', 'Own Photo Post']) {
      expect(item(title)?.['content:encoded'], title).toContain(`<p>The body of ${title}.</p>`);
    }
    const link = new URL(item('Year Folder Post')?.link ?? '');
    expect(link.href).toBe('https://deliciousbites.com/blog/#2026/year-folder');
    expect(page(dir, 'blog/index.html')).toContain('<article id="2026/year-folder"');

    const photo = /<img src="([^"]+)"/.exec(item('Own Photo Post')?.['content:encoded'] ?? '')?.[1];
    const url = new URL(photo ?? '');
    expect(url.origin).toBe('https://deliciousbites.com');
    expect(url.pathname).toMatch(/^\/_astro\/cover\.[^/]+\.webp$/);
    expect(existsSync(join(dir, 'dist', url.pathname))).toBe(true);
  });
});

describe('what a writer gets wrong is stopped at its file and line', () => {
  let dir = '';

  beforeAll(() => {
    dir = scratchProject();
    const ragu = 'src/content/blog/why-sunday-ragu-matters.mdx';
    edit(dir, ragu, (text) => text.replace('comments: 64', 'comments: 64\ndrafts: true'));
    write(dir, 'src/content/blog/soup.md', post('Soup', '2026-05-01'));
    write(dir, 'src/content/blog/soup/index.md', post('Soup Again', '2026-05-02'));
    write(dir, 'src/content/blog/old-notes.markdown', post('Old Notes', '2026-05-03'));
    write(dir, 'src/content/blog/no-photo.md', post('No Photo', '2026-05-04', './missing.jpg'));
    const colon = post('Colon', '2026-05-05').replace('title: Colon', 'title: Soup: A Love Story');
    write(dir, 'src/content/blog/bad-yaml.md', colon);
    edit(dir, 'src/content/blog/cut-kitchen-food-waste-in-half.mdx', (text) =>
      text.replace('author: priya-raman', 'author: gordon-ramsay'),
    );
    edit(dir, 'src/content/recipes/smash-burgers.mdx', (text) => `${text}\nA stray <Tag here.\n`);
  });

  it('reports every problem in one run of npm run check:content, each at its place', () => {
    const { status, output } = astro(dir, 'sync', { ...NOW, GITHUB_ACTIONS: 'true' });
    expect(status).not.toBe(0);
    expect(output).toContain('The content has 7 problems in 7 files.');
    const expected = [
      [
        'blog/why-sunday-ragu-matters.mdx:8:1',
        'drafts: "drafts" is not a field; did you mean "draft"?',
      ],
      [
        'blog/soup/index.md:1:1',
        'This file and src/content/blog/soup.md both make the entry "soup"',
      ],
      ['blog/old-notes.markdown:1:1', 'The site does not read ".markdown" files here'],
      ['blog/no-photo.md:8:8', 'image.src: There is no photo at "./missing.jpg"'],
      ['blog/bad-yaml.md:2:8', 'This value contains ": ", which YAML reads as the start of'],
      [
        'blog/cut-kitchen-food-waste-in-half.mdx:5:9',
        'author: There is no team entry "gordon-ramsay"',
      ],
      ['recipes/smash-burgers.mdx:', 'The MDX text does not compile'],
    ];
    for (const [place, message] of expected) {
      expect(output).toContain(`src/content/${place}`);
      expect(output).toContain(message);
    }
    expect(output).toContain(
      '::error file=src/content/blog/why-sunday-ragu-matters.mdx,line=8,col=1::drafts:',
    );
  });

  it('stops the build with the same report', () => {
    const { status, output } = astro(dir, 'build', NOW);
    expect(status).not.toBe(0);
    expect(output).toContain('The content has 7 problems in 7 files.');
    expect(existsSync(join(dir, 'dist/index.html'))).toBe(false);
  });
});

describe('page counts', () => {
  it('say how many entries are drafts or scheduled when a page cannot be filled', () => {
    const dir = scratchProject();
    for (const file of ['the-five-minute-pan-sauce', 'building-a-balanced-vegan-plate']) {
      edit(dir, `src/content/blog/${file}.mdx`, (text) =>
        text.replace(/^publishDate: .*$/m, 'publishDate: 2026-12-01'),
      );
    }
    edit(dir, 'src/content/blog/cut-kitchen-food-waste-in-half.mdx', (t) =>
      t.replace('comments:', 'draft: true\ncomments:'),
    );
    const { status, output } = astro(dir, 'sync', NOW);
    expect(status).not.toBe(0);
    const { label, count } = pageLists.blogGrid;
    expect(output).toContain(
      `${label} needs ${count}, but only 7 are published (2 drafts, 2 scheduled).`,
    );
  });
});

describe("writers' everyday edits", () => {
  it("change Today's Special, a rating, and the number of recipes without breaking the build", async () => {
    // The build with these edits passed, or this fails here with its log.
    const { dir } = await committedBuild();
    const special =
      /Today's Special[\s\S]*?<h2[^>]*>([^<]+)<\/h2>[\s\S]*?Rating: <\/span>(\d\.\d)/.exec(
        page(dir, 'index.html'),
      );
    expect(special?.[1]).toBe('Miso-Glazed Salmon with Bok Choy');
    expect(special?.[2]).toBe('4.2');
  });

  it("refuses a Today's Special that is still a draft", () => {
    const dir = scratchProject();
    edit(dir, 'src/content/recipes/miso-glazed-salmon.mdx', (t) =>
      t.replace(/^servings:/m, 'draft: true\nservings:'),
    );
    edit(dir, 'src/content/site/site.yaml', (t) =>
      t.replace(/^todaysSpecial: .*$/m, 'todaysSpecial: miso-glazed-salmon'),
    );
    const { status, output } = astro(dir, 'sync', NOW);
    expect(status).not.toBe(0);
    expect(output).toMatch(
      /src\/content\/site\/site\.yaml:\d+:16\n\s+todaysSpecial: The recipe "miso-glazed-salmon" is a draft/,
    );
  });
});

describe('npm run new', () => {
  const kinds = [
    ['post', 'Salt Your Water, Really!', 'src/content/blog/salt-your-water-really.md'],
    ['recipe', "Nonna's Sunday Ragù", 'src/content/recipes/nonnas-sunday-ragù.md'],
    ['member', 'Ana Lee', 'src/content/team/ana-lee.yaml'],
  ] as const;

  /**
   * One scratch project with an entry of each kind started, in this order (a member started
   * first would be the author the others' templates suggest), and one check:content of all
   * three. Drafts fill no list, and no new entry names another: the check passes with all three
   * only if it passes with each alone.
   */
  let started: { dir: string; runs: Map<string, Output>; check: Output } | undefined;
  const startEach = () => {
    if (started) return started;
    const dir = scratchProject();
    const runs = new Map(
      kinds.map(([kind, title]) => [kind, node(dir, ['scripts/new-entry.ts', kind, title])]),
    );
    return (started = { dir, runs, check: astro(dir, 'sync') });
  };

  it.each(kinds)(
    'starts a %s that builds as a draft, and never overwrites it',
    (kind, title, file) => {
      const { dir, runs, check } = startEach();
      const first = runs.get(kind);
      expect(first?.status, first?.output).toBe(0);
      expect(first?.output).toContain(`Created ${file}`);
      const text = readFileSync(join(dir, file), 'utf8');
      if (kind !== 'member') expect(text).toMatch(/^publishDate: \d{4}-\d{2}-\d{2}/m);
      expect(text).toMatch(/^draft: true/m);
      expect(check.status, check.output).toBe(0);

      const again = node(dir, ['scripts/new-entry.ts', kind, title]);
      expect(again.status).not.toBe(0);
      expect(again.output).toContain(`which ${file} already makes`);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
    },
  );

  const blogFiles = (dir: string) =>
    readdirSync(join(dir, 'src/content/blog'), { recursive: true, encoding: 'utf8' }).sort();

  it.each(['My Title.md', 'my-title/index.mdx', 'My-Title.mdx'])(
    'refuses a title whose entry %s already makes, naming that file',
    (existing) => {
      const dir = scratchProject();
      write(dir, `src/content/blog/${existing}`, post('Already Here', '2026-05-30'));
      const before = blogFiles(dir);
      const { status, output } = node(dir, ['scripts/new-entry.ts', 'post', 'My Title']);
      expect(status).toBe(1);
      expect(output).toContain(
        `npm run new: "My Title" would make the entry "my-title", which src/content/blog/${existing} ` +
          'already makes. Choose another title, or edit that file.',
      );
      expect(blogFiles(dir)).toEqual(before);
    },
  );

  it('starts a post beside an entry whose title only looks alike', () => {
    const dir = scratchProject();
    write(dir, 'src/content/blog/My Title.md', post('Already Here', '2026-05-30'));
    const { status, output } = node(dir, ['scripts/new-entry.ts', 'post', 'My Title Again']);
    expect(status, output).toBe(0);
    expect(output).toContain('Created src/content/blog/my-title-again.md');
    expect(existsSync(join(dir, 'src/content/blog/My Title.md'))).toBe(true);
  });

  it('refuses to publish a new entry whose placeholders were not filled in', () => {
    const dir = scratchProject();
    const file = 'src/content/blog/half-done.md';
    expect(node(dir, ['scripts/new-entry.ts', 'post', 'Half Done']).status).toBe(0);
    edit(dir, file, (text) => text.replace(/^draft: true.*\n/m, ''));
    const { status, output } = astro(dir, 'sync');
    expect(status).not.toBe(0);
    expect(output).toMatch(
      /src\/content\/blog\/half-done\.md:3:10\n\s+excerpt: still starts with the REPLACE text that npm run new wrote/,
    );
    expect(output).toMatch(
      /half-done\.md:\d+:\d+\n\s+image\.alt: still starts with the REPLACE text/,
    );
  });
});
