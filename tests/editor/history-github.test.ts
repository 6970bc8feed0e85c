/**
 * An entry's history on the live site, against the fake GitHub (github.ts): the commits of a post
 * moved into a folder of its own, read under its old name too, each with its author and what
 * changed in words; and a post deleted through the editor brought back as one commit, the branch's
 * files as they were before the delete. Every request goes to an endpoint Decap's GitHub backend
 * already calls (the fake fails a test on any other).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { githubWorkbench, people, type Exchange } from './github';
import { photoOnDisk } from './writer';

const bench = githubWorkbench();

const flat = 'src/content/blog/salt-water.md';
const folder = 'src/content/blog/salt-water/index.md';
const pot = 'src/content/blog/salt-water/pot.jpg';
const excerpt =
  'Pasta water should taste like the sea, and a generous spoon of salt in the pot is the only chance the pasta has to be seasoned all the way through.';
const stock = 'https://images.unsplash.com/photo-1551183053-bf91a1d81141';
const postText = (title: string, words: string, photo = stock) => `---
title: ${title}
excerpt: ${words}
category: Cooking Tips
author: sofia-marchetti
publishDate: 2025-06-01
image:
  src: ${photo}
  alt: A pot of boiling water
---

Bring the water to a rolling boil.
`;
const title = 'Salt Your Pasta Water';

/** "3 Dec 2026, 14:05 · Cleo Git": when, in the writer's words, and who. */
const by = (name: string) =>
  new RegExp(`^\\d{1,2} [A-Z][a-z]{2,3} \\d{4}, \\d\\d:\\d\\d · ${name}$`);

/** A new tab at `hash` of the editor in Ada's browser, the old one closed (it may ask to leave). */
async function openAt(hash: string) {
  const old = bench.page;
  bench.page = await old.context().newPage();
  await old.close();
  await bench.page.goto(`${bench.server.url}/admin/#${hash}`);
  return bench.page;
}

/** The requests the page made since `from` (an index into the fake's record) to `endpoint`. */
const sent = (from: number, endpoint: string): Exchange[] =>
  bench.github.exchanges.slice(from).filter((each) => each.endpoint === endpoint);

/**
 * The post in four commits on the branch: written flat, its salt heaped, moved into a folder of
 * its own, then given a longer title and a photo of its own.
 */
async function postWithHistory() {
  const { github } = bench;
  const heaped = excerpt.replace('generous', 'heaped');
  github.commitAs(people.colleague, { [flat]: postText('Salt the Water', excerpt) }, 'A post');
  github.commitAs(people.ben, { [flat]: postText('Salt the Water', heaped) }, 'Heaped');
  github.commitAs(
    people.colleague,
    { [flat]: null, [folder]: postText('Salt the Water', heaped) },
    'Into a folder of its own',
  );
  const photo = join(bench.dir, 'upload/pot.jpg');
  await photoOnDisk(photo);
  github.commitAs(
    people.ada,
    { [folder]: postText(title, heaped, './pot.jpg'), [pot]: readFileSync(photo) },
    'A longer title, and a photo of our own',
  );
}

describe('an entry’s history on GitHub', () => {
  it('lists a post’s commits newest first, following it back past its move into a folder of its own', async () => {
    const { github } = bench;
    await postWithHistory();
    const page = await openAt('/collections/blog');
    await page.getByRole('link', { name: new RegExp(`^${title} · `) }).click();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(title);
    const from = github.exchanges.length;
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const versions = page
      .getByRole('list', { name: 'Versions, newest first' })
      .locator(':scope > li');
    await expect.poll(() => versions.count(), { timeout: 20_000 }).toBe(4);
    const read = await Promise.all(
      (await versions.all()).map(async (version) => ({
        heading: await version.locator('h3').innerText(),
        changes: await version.locator('ul > li').allInnerTexts(),
      })),
    );
    expect(read).toEqual([
      {
        heading: expect.stringMatching(by('Ada Writer')) as string,
        changes: [`Title: 'Salt the Water' → '${title}'`, 'Photo replaced'],
      },
      {
        heading: expect.stringMatching(by('Cleo Git')) as string,
        changes: [`Moved from ${flat}`],
      },
      {
        heading: expect.stringMatching(by('Ben Cook')) as string,
        changes: ["Excerpt: 'generous' → 'heaped'"],
      },
      { heading: expect.stringMatching(by('Cleo Git')) as string, changes: ['Created'] },
    ]);
    // The file's commits under each of its names, on the branch and from before the move.
    const paths = sent(from, 'GET /repos/{o}/{r}/commits')
      .map((each) => new URL(each.url).searchParams.get('path'))
      .filter((path) => path?.startsWith('src/content/blog/'));
    expect(paths).toEqual([folder, flat]);
  });

  it('brings back a post deleted through the editor with its photo, in one commit, the branch’s files as before the delete', async () => {
    const { github } = bench;
    await postWithHistory();
    const page = await openAt('/collections/blog');
    await page.getByRole('link', { name: new RegExp(`^${title} · `) }).click();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(title);
    const before = github.head();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /delete (published )?entry/i }).click();
    await expect
      .poll(() => github.git('ls-tree', github.branch, folder), { timeout: 20_000 })
      .toBe('');
    expect(github.git('ls-tree', github.branch, pot)).toBe('');

    const list = await openAt('/collections/blog');
    await list.getByRole('button', { name: 'Recently deleted' }).click();
    const view = list.getByRole('dialog', { name: 'Recently deleted from Blog posts' });
    const item = view.getByRole('listitem').filter({ hasText: title });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.locator('p').first().innerText()).toMatch(
      /^Deleted by Ada Writer on \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d$/,
    );
    expect(await item.locator('p').nth(1).innerText()).toBe(`${folder}, with 1 photo`);
    const deleted = github.head();
    await item.getByRole('button', { name: `Bring back ${title}` }).click();
    await item.getByText(`Brought back: ${title}.`, { exact: false }).waitFor();
    expect(github.git('rev-list', `${deleted}..${github.branch}`).split('\n')).toHaveLength(1);
    expect(github.git('log', '-1', '--format=%an: %s')).toBe(
      'Ada Writer: Bring back post “salt-water”',
    );
    expect(github.git('diff', '--name-status', before, github.branch)).toBe('');
  });
});
