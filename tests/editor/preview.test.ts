/**
 * The web editor's preview: the entry drawn by the site's own card and stylesheet, and where it
 * will appear, as the engine's core places it. The scratch project's RecipeCard is changed before
 * each test, so the test shows there is no second copy of a card: the preview changes with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchText } from '../../scripts/lib/measure.ts';
import { workbench } from './workbench';
import { choose } from './writer';

const card = 'src/components/recipes/RecipeCard.tsx';
const bench = workbench();

/** The text of the editor's scripts as the page loads them: editor.js and every chunk it names. */
async function editorScripts(url: string) {
  const texts = new Map<string, string>();
  for (const names = ['editor.js']; names.length;) {
    const name = names.pop()!;
    const text = (await fetchText(`${url}/admin/${name}`)) ?? '';
    texts.set(name, text);
    for (const [, chunk] of text.matchAll(/"\.\/(editor-[\w-]+\.js)"/g)) {
      if (!texts.has(chunk!)) names.push(chunk!);
    }
  }
  return [...texts.values()].join('\n');
}

beforeEach(async () => {
  const file = join(bench.dir, card);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('View Recipe', 'Cook This Tonight'));
  await bench.server.until('the editor’s scripts made again with the changed card', async () =>
    (await editorScripts(bench.server.url)).includes('Cook This Tonight'),
  );
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

  it('draws the card with the site’s own stylesheet: Tailwind’s output of global.css, sonner’s with it', async () => {
    // A build inlines the stylesheet as <style>, as astro.config.ts asks; astro dev writes each
    // stylesheet a page imports into the page, which Astro does not promise.
    const css = (await fetchText(`${bench.server.url}/admin/site.css`)) ?? '';
    // A colour global.css defines, and a utility a card uses.
    expect(css).toContain('--color-brand-700: #c2410c');
    expect(css).toMatch(/\.rounded-2xl\s*\{/);
    expect(css).toContain('[data-sonner-toaster]');
  });

  it('says where a recipe made featured and newest will appear, and what it replaces', async () => {
    const { page } = bench;
    await open('recipes', 'Pasta Carbonara');
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
