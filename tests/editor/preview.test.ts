/**
 * The web editor's preview: the entry drawn by the site's own card, and where it will appear,
 * as the engine's core places it. The scratch project's RecipeCard is changed before the editor
 * starts, so the test shows there is no second copy of a card: the preview changes with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { workbench } from './workbench';
import { choose } from './writer';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const card = 'src/components/recipes/RecipeCard.tsx';
const bench = workbench({
  prepare: (dir) => {
    const file = join(dir, card);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('View Recipe', 'Cook This Tonight'));
  },
});

/** The preview pane's text, once it has drawn `expected`. */
async function previewShows(page: Page, expected: string | RegExp) {
  const preview = page.frameLocator('iframe').first().locator('body');
  await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toMatch(expected);
  return preview.innerText();
}

/** Where the preview says the entry will appear. */
const placement = (page: Page) =>
  page
    .frameLocator('iframe')
    .first()
    .getByRole('list', { name: 'Where it will appear' })
    .getByRole('listitem')
    .allInnerTexts();

async function open(collection: string, entry?: string) {
  const { page, server } = bench;
  await page.goto(`${server.url}/admin/#/collections/${collection}`);
  await page.reload();
  const link = entry
    ? page.getByRole('link', { name: new RegExp(`^${entry} · `) })
    : page.getByRole('link', { name: /Create entry of type/ });
  await link.click();
  await page.getByLabel('Title', { exact: true }).waitFor();
  // The pane stays open from one entry to the next, as Decap remembers it.
  const shown = await page.evaluate(() => localStorage.getItem('cms.right-pane') === 'preview');
  if (!shown) await page.getByRole('button', { name: 'Preview the card' }).click();
}

describe('the web editor’s preview', () => {
  it('draws a recipe with the site’s own card, which changes with the card', async () => {
    const { page } = bench;
    await open('recipes', 'Pasta Carbonara');
    const text = await previewShows(page, 'Cook This Tonight');
    expect(text).toContain('Pasta Carbonara');
    expect(text).not.toContain('View Recipe');
    await page.getByLabel('Title', { exact: true }).fill('Pasta Carbonara, Roman Style');
    await previewShows(page, 'Pasta Carbonara, Roman Style');
  });

  it('says where a recipe made featured and newest will appear, and what it replaces', async () => {
    const { page } = bench;
    await page.getByRole('switch', { name: /Featured/ }).click();
    await page.getByLabel('Publish date', { exact: true }).fill('2026-11-25');
    await page.getByLabel('Publish date', { exact: true }).press('Tab');
    await previewShows(page, /Leads Featured Recipes/);
    expect(await placement(page)).toEqual([
      expect.stringMatching(
        /^Leads Featured Recipes on the home page \(replaces .+\)\.$/,
      ) as string,
      'Leads /recipes.',
      'Leads /recipes/rss.xml.',
    ]);
  });

  it('says a new post is a draft on no page, and when a scheduled one goes live', async () => {
    const { page } = bench;
    page.once('dialog', (dialog) => void dialog.accept());
    await open('blog');
    await previewShows(page, /The card shows once the form has nothing left to fix/);
    await page.getByLabel('Title', { exact: true }).fill('Written Ahead');
    await page.getByLabel('Excerpt', { exact: true }).fill('It goes live in December.');
    await choose(page, 'Category', 'Baking');
    await choose(page, 'Author', 'James Okafor');
    await page.getByLabel('Publish date', { exact: true }).fill('2099-12-03');
    await page.getByLabel('Publish date', { exact: true }).press('Tab');
    page.once('dialog', (dialog) => void dialog.accept('https://images.example.com/loaf.jpg'));
    await page.getByRole('button', { name: 'Insert from URL' }).click();
    await page.getByLabel('Alt text', { exact: true }).fill('A loaf');
    await previewShows(page, 'A draft: on no page until Draft is switched off.');
    expect(await previewShows(page, 'Written Ahead')).toContain('James Okafor');

    await page.getByRole('switch', { name: /Draft/ }).click();
    await previewShows(page, 'Scheduled for December 3, 2099: on no page until then.');
  });
});
