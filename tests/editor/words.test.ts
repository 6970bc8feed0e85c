/**
 * The web editor in words a writer understands: the list says each entry's state by the engine's
 * rule, the save button says what it does, the search box claims no more than it searches, and
 * there is no Media tab to put a photo where no entry can use it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { workbench } from './workbench';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const bench = workbench();

describe('the web editor’s words', () => {
  it('lists each post with its state: Draft, or Published with its day', async () => {
    const { page } = bench;
    await page.getByRole('link', { name: 'Blog posts' }).click();
    await page
      .getByRole('link', { name: 'Fermentation for Beginners: Start with Sauerkraut · Draft' })
      .waitFor();
    await page
      .getByRole('link', {
        name: 'Why Sunday Ragù Is About More Than Sauce · Published March 9, 2025',
      })
      .waitFor();
  });

  it('shows each post as a card with its photo', async () => {
    const { page } = bench;
    const posts = readdirSync('src/content/blog');
    const photos = page.getByTestId('entry-card-image');
    await expect.poll(() => photos.count()).toBe(posts.length);
    const aquafaba = readFileSync(
      'src/content/blog/aquafaba-the-egg-replacer-in-your-pantry.mdx',
      'utf8',
    );
    const src = /^ {2}src: (.+)$/m.exec(aquafaba)![1]!;
    expect(await photos.first().getAttribute('src')).toBe(src);
  });

  it('offers no Media tab, and a search box that does not say "all"', async () => {
    const { page } = bench;
    expect(await page.getByRole('button', { name: 'Media' }).count()).toBe(0);
    expect(await page.getByPlaceholder('Search all').count()).toBe(0);
    await page.getByPlaceholder('Search', { exact: true }).waitFor();
  });

  it('says "Save draft" for a draft and "Publish" for the rest', async () => {
    const { page } = bench;
    await page.getByRole('link', { name: /^Fermentation for Beginners/ }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Saved as a draft').count()).toBe(1);
    // The list's copy of the photo is no field of the form.
    expect(await page.getByText('Photo in the list').isVisible()).toBe(false);
    expect(await page.getByText('Published', { exact: true }).count()).toBe(0);
    // A change to a draft is saved as a draft.
    const excerpt = page.getByLabel('Excerpt', { exact: true });
    await excerpt.fill(`${await excerpt.inputValue()} More.`);
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Save draft now' }).waitFor();
    await page.keyboard.press('Escape');
    // With Draft off, the same button publishes.
    await page.getByRole('switch', { name: /Draft/ }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
  });
});
