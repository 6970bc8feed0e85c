/**
 * Every version of an entry, in the web editor, with git in a scratch copy: a post's commits
 * newest first, who made each and what changed in words; one field of an old version put back
 * into the form and saved as one line; a version naming a team member who has left refused at
 * Author; a recipe deleted in the editor brought back with its photo, byte for byte; and the
 * views on a phone.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workbench } from './workbench';
import { messagesAt, openEntry, photoOnDisk, publishNow } from './writer';

const bench = workbench();

const people = {
  ada: 'Ada Writer <ada@example.com>',
  ben: 'Ben Cook <ben@example.com>',
  cleo: 'Cleo Git <cleo@example.com>',
};

/** Writes `files` (null deletes one) and commits them as `author`. */
function commitAs(author: string, files: Record<string, string | Buffer | null>, message: string) {
  for (const [file, text] of Object.entries(files)) {
    const path = join(bench.dir, file);
    if (text === null) rmSync(path);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  bench.git('add', '--all', '--', ...Object.keys(files));
  bench.git('commit', '--quiet', `--author=${author}`, '-m', message);
}

const post = 'src/content/blog/salt-your-pasta-water/index.md';
const excerpt =
  'Pasta water should taste like the sea, and a generous spoon of salt in the pot is the only chance the pasta has to be seasoned all the way through.';
const postText = (title: string, words: string, author = 'sofia-marchetti', body = 'Salt it.') =>
  `---
title: ${title}
excerpt: ${words}
category: Cooking Tips
author: ${author}
publishDate: 2025-06-01
image:
  src: https://images.unsplash.com/photo-1551183053-bf91a1d81141
  alt: A pot of boiling water
---

Bring the water to a rolling boil.

${body}
`;

/** Waits until the editor's view of the site (/admin/site.json) passes `done`. */
const siteSays = (what: string, done: (json: string) => boolean) =>
  bench.server.until(what, async () =>
    done(await (await fetch(`${bench.server.url}/admin/site.json`)).text()),
  );

/** The history above the open entry's form, opened; each version as its heading and its words. */
async function history(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  await versions.waitFor();
  return versions.locator(':scope > li');
}

async function read(versions: Locator) {
  return Promise.all(
    (await versions.all()).map(async (version) => ({
      heading: await version.locator('h3').innerText(),
      changes: await version.locator('ul > li').allInnerTexts(),
    })),
  );
}

/** "3 Dec 2026, 14:05 · Cleo Git": when, in the writer's words, and who. */
const by = (name: string) =>
  new RegExp(`^\\d{1,2} [A-Z][a-z]{2,3} \\d{4}, \\d\\d:\\d\\d · ${name}$`);

/** The post in three commits: Ada writes it, Ben heaps the salt, Cleo shortens the title. */
function threeVersions() {
  commitAs(people.ada, { [post]: postText('Salt the Water Like the Sea', excerpt) }, 'A post');
  commitAs(
    people.ben,
    { [post]: postText('Salt the Water Like the Sea', excerpt.replace('generous', 'heaped')) },
    'Heaped',
  );
  commitAs(
    people.cleo,
    {
      [post]: postText(
        'Salt Your Pasta Water',
        excerpt.replace('generous', 'heaped'),
        'sofia-marchetti',
        'Salt it well.',
      ),
    },
    'A shorter title',
  );
}

const member = 'src/content/team/mara-lind.yaml';

/** Mara joins the team, the post is hers for a commit, and she leaves: four more commits. */
async function maraCameAndWent() {
  const mara = `name: Mara Lind
role: Pastry Chef
bio: Mara Lind bakes bread and writes about it.
image:
  src: https://images.unsplash.com/photo-1507003211169-0a1dd7228f2d
  alt: A baker in her kitchen
`;
  const current = bench.read(post);
  commitAs(people.cleo, { [member]: mara }, 'Mara joins');
  commitAs(
    people.cleo,
    { [post]: current.replace('author: sofia-marchetti', 'author: mara-lind') },
    'By Mara',
  );
  commitAs(people.cleo, { [post]: current }, 'By Sofia again');
  commitAs(people.cleo, { [member]: null }, 'Mara leaves');
  await siteSays('Mara gone from the site', (json) => !json.includes('mara-lind'));
}

describe('an entry’s history in its form', () => {
  it('lists a post’s three commits newest first, each with its author and what changed, field by field', async () => {
    threeVersions();
    const page = await openEntry(bench.page, bench.server.url, 'blog', 'Salt Your Pasta Water');
    const versions = await history(page);
    await expect.poll(() => versions.count()).toBe(3);
    expect(await read(versions)).toEqual([
      {
        heading: expect.stringMatching(by('Cleo Git')) as string,
        changes: [
          "Title: 'Salt the Water Like the Sea' → 'Salt Your Pasta Water'",
          'Text: 1 paragraph changed',
        ],
      },
      {
        heading: expect.stringMatching(by('Ben Cook')) as string,
        changes: ["Excerpt: 'generous' → 'heaped'"],
      },
      { heading: expect.stringMatching(by('Ada Writer')) as string, changes: ['Created'] },
    ]);
  });

  it('puts one field of the oldest version into the form, writes nothing until Publish, then that field’s line alone', async () => {
    threeVersions();
    const page = await openEntry(bench.page, bench.server.url, 'blog', 'Salt Your Pasta Water');
    const versions = await history(page);
    await expect.poll(() => versions.count()).toBe(3);
    const oldest = versions.last();
    // The newest is the file as it is: nothing to take back from it.
    expect(await versions.first().getByRole('button').count()).toBe(0);
    await oldest.getByRole('button', { name: 'Restore Excerpt' }).click();
    const field = page.getByLabel('Excerpt', { exact: true });
    await expect.poll(() => field.inputValue()).toBe(excerpt);
    await page
      .getByText(
        /^Excerpt put back in the form as on .* \(Ada Writer\)\. Nothing is saved until you save it\.$/,
      )
      .waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Salt Your Pasta Water',
    );
    expect(bench.git('status', '--porcelain', '--', 'src')).toBe('');

    await publishNow(page);
    await bench.onDisk('the excerpt saved', post, (text) => text.includes('a generous spoon'));
    expect(bench.changedLines(post)).toEqual([
      `-excerpt: ${excerpt.replace('generous', 'heaped')}`,
      `+excerpt: ${excerpt}`,
    ]);
    // Saved, not committed: the newest version, read again.
    await page.getByRole('button', { name: 'Hide history' }).click();
    const again = await history(page);
    await expect
      .poll(async () => (await read(again))[0])
      .toEqual({
        heading: 'Not committed yet',
        changes: ["Excerpt: 'heaped' → 'generous'"],
      });
  });

  it('refuses at Author, on Publish, a version naming a team member who has since left, and writes nothing', async () => {
    threeVersions();
    await maraCameAndWent();
    // Opened after the commits: the editor's checks know the team as it is now.
    const page = await openEntry(bench.page, bench.server.url, 'blog', 'Salt Your Pasta Water');
    const versions = await history(page);
    const hers = versions.filter({ hasText: "Author: 'sofia-marchetti' → 'mara-lind'" });
    await hers.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText(/^Author put back in the form as on /).waitFor();
    await publishNow(page);
    await expect
      .poll(() => messagesAt(page, 'Author'))
      .toEqual([expect.stringContaining('mara-lind') as string]);
    expect(bench.git('status', '--porcelain', '--', 'src')).toBe('');
  });
});

const recipe = 'src/content/recipes/salt-baked-beets/index.mdx';
const beets = 'src/content/recipes/salt-baked-beets/beets.jpg';

/** A list's "Recently deleted" view, opened in `page`, once it has read the history. */
async function recentlyDeleted(page: Page, collection = 'recipes', label = 'Recipes') {
  await page.goto(`${bench.server.url}/admin/#/collections/${collection}`);
  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const view = page.getByRole('dialog', { name: `Recently deleted from ${label}` });
  await view
    .getByRole('status')
    .filter({ hasText: /in the last 90 days/ })
    .first()
    .waitFor();
  return view;
}

/** A recipe of Ada's in a folder of its own, with its photo beside it, committed. */
async function beetsCommitted() {
  await photoOnDisk(join(bench.dir, beets));
  const text = readFileSync(join(bench.dir, 'src/content/recipes/pasta-carbonara.mdx'), 'utf8')
    .replace('title: Pasta Carbonara', 'title: Salt-Baked Beets')
    .replace(/src: https:\/\/images\.unsplash\.com\/\S+/, 'src: ./beets.jpg');
  commitAs(people.ada, { [recipe]: text, [beets]: readFileSync(join(bench.dir, beets)) }, 'Beets');
}

describe('a deleted entry, brought back', () => {
  it('brings back a recipe deleted in the editor, its file and its photo byte for byte, so git status is clean', async () => {
    await beetsCommitted();
    const page = await openEntry(bench.page, bench.server.url, 'recipes', 'Salt-Baked Beets');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /delete (published )?entry/i }).click();
    await bench.server.until('the recipe deleted', () => !existsSync(join(bench.dir, recipe)));
    expect(
      bench.git('status', '--porcelain', '--', 'src/content').split('\n').filter(Boolean),
    ).toEqual([` D ${beets}`, ` D ${recipe}`]);

    const view = await recentlyDeleted(page);
    const item = view.getByRole('listitem').filter({ hasText: 'Salt-Baked Beets' });
    expect(await item.innerText()).toMatch(
      /Deleted on this computer, not committed yet\s+src\/content\/recipes\/salt-baked-beets\/index\.mdx, with 1 photo/,
    );
    await item.getByRole('button', { name: 'Bring back Salt-Baked Beets' }).click();
    await item.getByText('Brought back: Salt-Baked Beets.', { exact: false }).waitFor();
    // Against the commit before the delete: nothing differs, nothing is new.
    expect(bench.git('status', '--porcelain', '--untracked-files=all', '--', 'src')).toBe('');
  });

  it('lists a delete committed since with who made it, and refuses in words to bring it back over an entry that now makes its id', async () => {
    await beetsCommitted();
    const before = bench.git('rev-parse', 'HEAD').trim();
    commitAs(people.cleo, { [recipe]: null, [beets]: null }, 'No more beets');
    const page = bench.page;
    let view = await recentlyDeleted(page);
    const item = () => view.getByRole('listitem').filter({ hasText: 'Salt-Baked Beets' });
    expect(await item().locator('p').first().innerText()).toMatch(
      /^Deleted by Cleo Git on \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d$/,
    );

    // Another recipe makes the id meanwhile: refused, in words, and nothing written.
    const clash = 'src/content/recipes/salt-baked-beets.mdx';
    const carbonara = bench.read('src/content/recipes/pasta-carbonara.mdx');
    writeFileSync(
      join(bench.dir, clash),
      carbonara.replace('Pasta Carbonara', 'Beets Baked in Salt'),
    );
    await siteSays('the other recipe on the site', (json) => json.includes('Beets Baked in Salt'));
    await page.reload();
    view = await recentlyDeleted(page);
    await item().getByRole('button', { name: 'Bring back Salt-Baked Beets' }).click();
    await item()
      .getByText(/^Not brought back: Title: .*salt-baked-beets.*Choose another title\.$/)
      .waitFor();
    expect(existsSync(join(bench.dir, recipe))).toBe(false);
    rmSync(join(bench.dir, clash));
    await siteSays('the other recipe gone', (json) => !json.includes('Beets Baked in Salt'));
    await page.reload();

    view = await recentlyDeleted(page);
    await item().getByRole('button', { name: 'Bring back Salt-Baked Beets' }).click();
    await item().getByText('Brought back: Salt-Baked Beets.', { exact: false }).waitFor();
    // The files as they were before the delete's commit, byte for byte.
    bench.git('add', '--all', '--', 'src');
    expect(bench.git('diff', '--cached', '--name-status', before, '--', 'src')).toBe('');
  });
});

describe('a photo in an old version', () => {
  it('brings back with the field a photo whose file is gone, its bytes from that version', async () => {
    await beetsCommitted();
    const plated = 'src/content/recipes/salt-baked-beets/plated.jpg';
    const old = bench.git('rev-parse', `HEAD:${beets}`).trim();
    commitAs(
      people.cleo,
      {
        [recipe]: bench.read(recipe).replace('src: ./beets.jpg', 'src: ./plated.jpg'),
        [plated]: Buffer.concat([readFileSync(join(bench.dir, beets)), Buffer.from('plated')]),
        [beets]: null,
      },
      'A new photo',
    );
    const page = await openEntry(bench.page, bench.server.url, 'recipes', 'Salt-Baked Beets');
    const versions = await history(page);
    expect((await read(versions))[0]!.changes).toEqual(['Photo replaced']);
    await versions.nth(1).getByRole('button', { name: 'Restore Image' }).click();
    await page.getByText(/^Image put back in the form as on /).waitFor();
    // In the form, not on disk, until Publish.
    expect(existsSync(join(bench.dir, beets))).toBe(false);
    await publishNow(page);
    await bench.onDisk('the photo back', recipe, (text) => text.includes('src: ./beets.jpg'));
    expect(bench.changedLines(recipe)).toEqual(['-  src: ./plated.jpg', '+  src: ./beets.jpg']);
    // Written after the recipe, as it comes: its bytes are compared once whole.
    await bench.server.until(
      'the photo written with its bytes from that version',
      () => existsSync(join(bench.dir, beets)) && bench.git('hash-object', beets).trim() === old,
    );
  });
});

/** What sticks out past the right edge of a 375 px screen: nothing, on a page that fits. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > 375.5)
      .map((element) => `${element.tagName} ${element.className.toString().slice(0, 60)}`),
  );

describe('on a phone', () => {
  it('fits the history and the deleted view in 375 px, with nothing to pan', async () => {
    threeVersions();
    await maraCameAndWent();
    await bench.page.setViewportSize({ width: 375, height: 900 });
    const page = await openEntry(bench.page, bench.server.url, 'blog', 'Salt Your Pasta Water');
    const versions = await history(page);
    await expect.poll(() => versions.count()).toBeGreaterThan(3);
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    // Mara Lind left the team in a commit.
    const view = await recentlyDeleted(page, 'team', 'Team');
    await view.getByRole('listitem').filter({ hasText: 'Mara Lind' }).waitFor();
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});
