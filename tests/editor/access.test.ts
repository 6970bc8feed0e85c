/**
 * The web editor for every writer: axe (WCAG 2.2 A and AA) finds no serious or critical problem
 * on any screen a writer sees, at 1280 and 375 px (each screen is drawn once, and checked at both
 * widths, the tab resized between): the login, each collection's list, a form of
 * each collection, the preview, the photo dialog with a photo in it, a refused save, a conflict
 * with another writer's save, the offer of unsaved work, an entry's history and the recently
 * deleted entries. It
 * guards the page's stylesheet (src/editor/node/page.ts) and src/editor/browser/form/access.ts, which
 * reach Decap's markup by its components' names.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { workbench } from './workbench';
import {
  collections,
  openEntry,
  photoOnDisk,
  publishNow,
  stillness,
  type Collection,
} from './writer';

const bench = workbench();
// Leaving a form with changes asks first, and the tests leave theirs; a reload may close the
// question before it is answered.
beforeEach(() => bench.page.on('dialog', (dialog) => void dialog.accept().catch(() => {})));

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** An entry of each collection, as its list names it. */
const entries: Record<Collection, string> = {
  recipes: 'Pasta Carbonara',
  blog: 'Why Sunday Ragù Is About More Than Sauce',
  team: 'Priya Raman',
};

/** axe's serious and critical problems on the page as it is now, one line per element. */
async function problems(page: Page) {
  // Asked once the colours are still: Decap's change over 0.2 s as a field takes the focus.
  await stillness(page);
  // Only the violations are gathered element by element (axe's resultTypes); set before the
  // tags, which options() would replace.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG)
    .analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, nodes }) =>
      nodes.map((node) => `${id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

const WIDTHS = [1280, 375];

/**
 * axe's serious and critical problems on the screen as it is now, at each width: the tab is
 * resized, and the page laid out anew, before each look. It is left at the last width.
 */
async function problemsAtEachWidth(page: Page) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await problems(page)).map((problem) => `at ${width} px, ${problem}`));
  }
  return found;
}

/** The list of `collection`, drawn afresh. */
async function list(page: Page, collection: Collection) {
  await page.goto(`${bench.server.url}/admin/#/collections/${collection}`);
  // The list's photos may take a while on a busy machine: the checks below wait for the list.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: /Create entry of type/ }).waitFor();
  await page.getByTestId('entry-card-image').first().waitFor();
}

/** The form of a sample entry of `collection`, its values in it. */
async function form(page: Page, collection: Collection) {
  await list(page, collection);
  const name = entries[collection];
  await page.getByRole('link', { name: new RegExp(`^${name} · `) }).click();
  const field = page.getByLabel(collections[collection].nameLabel, { exact: true });
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(name);
}

/** A new post's form. */
async function newPost(page: Page) {
  await list(page, 'blog');
  await page.getByRole('link', { name: 'Create entry of type Post' }).click();
  await page.getByLabel('Title', { exact: true }).waitFor();
}

describe('the web editor at 1280 and 375 px, to axe', () => {
  it('has a login page with no serious problem', async () => {
    const context = await bench.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${bench.server.url}/admin/`);
    await page.getByRole('button', { name: /^Log in/ }).waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
    await context.close();
  });

  it.each(Object.keys(collections) as Collection[])(
    'lists a collection (%s) with no serious problem',
    async (collection) => {
      const { page } = bench;
      await list(page, collection);
      expect(await problemsAtEachWidth(page)).toEqual([]);
    },
  );

  it.each(Object.keys(collections) as Collection[])(
    'shows a form (%s) with no serious problem, its preview open too',
    async (collection) => {
      const { page } = bench;
      await form(page, collection);
      expect(await problemsAtEachWidth(page)).toEqual([]);
      const toggle = page.getByRole('button', { name: 'Preview the card' });
      await toggle.click();
      // Decap remembers the pane open: it is closed again for the next test, pass or fail.
      try {
        const card = page.frameLocator('iframe').first().locator('body');
        await expect
          .poll(() => card.innerText(), { timeout: 15_000 })
          .toContain(entries[collection]);
        expect(await problemsAtEachWidth(page)).toEqual([]);
      } finally {
        await toggle.click();
      }
    },
  );

  it('shows the photo dialog, with a photo uploaded in it, with no serious problem', async () => {
    const { page, dir } = bench;
    const photo = join(dir, 'upload/axe.jpg');
    await photoOnDisk(photo);
    await newPost(page);
    await page.getByRole('button', { name: 'Choose an image' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('dialog').locator('img').first().waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
    await page.getByRole('button', { name: /choose selected/i }).click();
    await page.getByRole('button', { name: 'Choose different image' }).waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
  });

  it('shows a refused save, its publish menu and the fields in error, with no serious problem', async () => {
    const { page } = bench;
    await newPost(page);
    await page.getByLabel('Title', { exact: true }).fill('Refused');
    await page.getByRole('button', { name: /^(Publish|Save draft)$/ }).click();
    await page.getByRole('menuitem', { name: /now$/ }).waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await publishNow(page);
    await page.getByText('Excerpt is required.', { exact: true }).waitFor();
    expect(await problemsAtEachWidth(page)).toEqual([]);
  });

  it('shows a conflict with another writer, the offer of unsaved work, the history and the recently deleted, with no serious problem', async () => {
    const post = 'Why Sunday Ragù Is About More Than Sauce';
    const excerpt = (page: Page) => page.getByLabel('Excerpt', { exact: true });
    const [mine, theirs] = [await bench.writer(), await bench.writer()];
    for (const page of [mine, theirs]) await openEntry(page, bench.server.url, 'blog', post);
    await excerpt(theirs).fill('Their excerpt.');
    await publishNow(theirs);
    await theirs.getByText('Entry saved').waitFor();
    await excerpt(mine).fill('My excerpt.');
    await publishNow(mine);
    await mine.getByRole('group', { name: 'Changed by someone else' }).waitFor();
    expect(await problemsAtEachWidth(mine)).toEqual([]);

    // The tab closes with the change unsaved; opened again, the form offers it back.
    const again = await mine.context().newPage();
    await mine.close();
    await openEntry(again, bench.server.url, 'blog', post);
    await again.getByRole('button', { name: 'Restore my changes' }).waitFor();
    expect(await problemsAtEachWidth(again)).toEqual([]);
    await again.getByRole('button', { name: 'Discard them' }).click();

    await again.getByRole('button', { name: 'History', exact: true }).click();
    await again.getByRole('list', { name: 'Versions, newest first' }).waitFor();
    expect(await problemsAtEachWidth(again)).toEqual([]);

    await again.goto(`${bench.server.url}/admin/#/collections/blog`);
    await again.getByRole('button', { name: 'Recently deleted' }).click();
    await again.getByRole('dialog', { name: 'Recently deleted from Blog posts' }).waitFor();
    expect(await problemsAtEachWidth(again)).toEqual([]);
    await again.context().close();
    await theirs.context().close();
    bench.git('checkout', '--', 'src/content');
  });
});
