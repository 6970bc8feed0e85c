/**
 * The web editor in words a writer understands: the list says each entry's state by the engine's
 * rule, the save button says what it does, the search box claims no more than it searches, and
 * there is no Media tab to put a photo where no entry can use it. A list counts its items in the
 * schema's words ("1 ingredient"), no field with a default is called optional, no link offers
 * what does nothing here, and the hints speak of team members and photos, not of folders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { workbench } from './workbench';

const bench = workbench();
// Leaving a form with changes asks first, and the tests leave theirs.
beforeEach(() => bench.page.on('dialog', (dialog) => void dialog.accept().catch(() => {})));

/** Opens the blog's list. */
const blogList = () => bench.page.goto(`${bench.server.url}/admin/#/collections/blog`);

describe('the web editor’s words', () => {
  it('lists each post with its state: Draft, or Published with its day', async () => {
    const { page } = bench;
    await blogList();
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
    await blogList();
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
    await blogList();
    // Asked once the list is drawn, with its header: nothing missing is missing for want of time.
    await page.getByPlaceholder('Search', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^Why Sunday Ragù/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Media' }).count()).toBe(0);
    expect(await page.getByPlaceholder('Search all').count()).toBe(0);
  });

  it('says "Save draft" for a draft and "Publish" for the rest', async () => {
    const { page } = bench;
    await blogList();
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

  it('calls no field with a default optional: Draft and Comments are named as the schema names them', async () => {
    const { page } = bench;
    await page.goto(`${bench.server.url}/admin/#/collections/blog/new`);
    await page.reload();
    await page.getByRole('switch', { name: /^Draft/ }).waitFor();
    expect(await page.getByRole('switch', { name: 'Draft', exact: true }).count()).toBe(1);
    expect(await page.getByRole('spinbutton', { name: 'Comments', exact: true }).count()).toBe(1);
    for (const label of ['Draft', 'Comments']) {
      const text = page.locator('label', { hasText: new RegExp(`^${label}`) });
      expect(await text.innerText(), label).toMatch(new RegExp(`^${label}$`, 'i'));
    }
  });

  it('counts a recipe’s ingredients and steps in the schema’s words: "1 ingredient", "Add ingredient"', async () => {
    const { page } = bench;
    await page.goto(`${bench.server.url}/admin/#/collections/recipes/new`);
    await page.reload();
    await page.getByRole('button', { name: 'Add ingredient', exact: true }).click();
    await page.getByText('1 ingredient', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add ingredient', exact: true }).click();
    await page.getByText('2 ingredients', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add step', exact: true }).click();
    await page.getByText('1 step', { exact: true }).waitFor();
    expect(await page.getByText(/^1 (ingredients|steps)$/).count()).toBe(0);
  });

  it('offers no "Check for Preview", which asks a host for a preview there never is', async () => {
    const { page } = bench;
    await page.goto(`${bench.server.url}/admin/#/collections/blog`);
    await page.reload();
    await page.getByRole('link', { name: /^Why Sunday Ragù/ }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    // Decap draws it once it has asked: there, and not shown.
    const check = page.getByText('Check for Preview');
    await expect.poll(() => check.count(), { timeout: 10_000 }).toBe(1);
    expect(await check.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Check for Preview' }).count()).toBe(0);
  });

  it('hints at team members and photos as the writer picks them, never at folders or files', async () => {
    const { page } = bench;
    for (const collection of ['recipes', 'blog', 'team']) {
      await page.goto(`${bench.server.url}/admin/#/collections/${collection}/new`);
      await page.reload();
      await page.getByRole('button', { name: 'Choose an image' }).first().waitFor();
      // A hint is drawn once the Markdown it is written in has arrived, after the form.
      const drawn = page.locator('[class*="-ControlHint"]');
      await expect.poll(async () => (await drawn.allInnerTexts()).every(Boolean)).toBe(true);
      const hints = await drawn.allInnerTexts();
      expect(hints.length, collection).toBeGreaterThan(5);
      expect(hints.filter((hint) => /src\/|\.\/|\bfolder|\bfile\b/.test(hint))).toEqual([]);
      if (collection !== 'team') expect(hints).toContain('Chosen from the team, by name.');
    }
    // A day's button says what it does, and names no field by its key.
    await page.goto(`${bench.server.url}/admin/#/collections/blog/new`);
    await page.reload();
    await page.getByRole('button', { name: 'Set to today' }).waitFor();
    expect(await page.getByRole('button', { name: /publishDate/ }).count()).toBe(0);
  });
});
