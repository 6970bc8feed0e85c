/**
 * The web editor with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrow keys and typing,
 * no click and no filling of a field. A writer starts a post from the list, picks its category
 * and author, types its day, uploads its photo (the file chooser answered as the writer's
 * computer would) with its alt text, is refused a title another post makes, fixes it and
 * publishes; the focus shows at every step. After a refusal the focus is on the first field in
 * error, which is described by its messages, and the refusal is announced.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { workbench } from './workbench';
import { photoOnDisk } from './writer';

const bench = workbench();
// Leaving a form with changes asks first, and the tests leave theirs.
beforeEach(() => bench.page.on('dialog', (dialog) => void dialog.accept().catch(() => {})));

/** Decap's toast for a refused save (src/editor/browser/decap/words.ts). */
const REFUSED = 'Not saved yet: each field marked in red says what to change.';

/** What has the focus, as a writer would name it: its role, and its name or label's words. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement;
    if (!at || at === document.body) return 'nothing';
    const labelledBy = document.getElementById(at.getAttribute('aria-labelledby') ?? '');
    const label = labelledBy ?? (at as HTMLInputElement).labels?.[0];
    const name =
      at.getAttribute('aria-label') ??
      at.getAttribute('title') ??
      // A label's own words, without Decap's hidden "(optional)".
      label?.firstChild?.textContent ??
      at.textContent ??
      '';
    const tags: Record<string, string> = { A: 'link', BUTTON: 'button', TEXTAREA: 'textarea' };
    const role =
      at.getAttribute('role') ??
      tags[at.tagName] ??
      (at instanceof HTMLInputElement ? at.type : at.tagName.toLowerCase());
    return `${role} ${name.trim().slice(0, 60)}`;
  });

/**
 * Whether the focus shows: an outline of 2 px or more around what has it, or around the box it
 * is drawn in (a choice's text box is a sliver inside its box), at least 16 px each way. Asked
 * for half a second, as a box's outline may grow in (react-select's take 100 ms).
 */
const focusShows = (page: Page) =>
  page.evaluate(async () => {
    const shows = () => {
      let at = document.activeElement;
      for (let depth = 0; at && at !== document.body && depth < 4; depth++) {
        const { outlineStyle, outlineWidth } = getComputedStyle(at);
        const { width, height } = at.getBoundingClientRect();
        const outlined = outlineStyle !== 'none' && parseFloat(outlineWidth) >= 2;
        if (outlined && width >= 16 && height >= 16) return true;
        at = at.parentElement;
      }
      return false;
    };
    for (let tries = 0; tries < 10 && !shows(); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return shows();
  });

/** Every stop the focus made, with whether it showed there. */
const stops: { at: string; shows: boolean }[] = [];

/** Presses `key` until the focus is on what `wanted` matches, checking the focus shows at each. */
async function pressUntil(page: Page, wanted: RegExp, key = 'Tab', most = 60) {
  for (let press = 0; press < most; press++) {
    await page.keyboard.press(key);
    const at = await focused(page);
    if (at !== 'nothing') stops.push({ at, shows: await focusShows(page) });
    if (wanted.test(at)) return;
  }
  throw new Error(`${key} never reached ${wanted}; the focus is on ${await focused(page)}`);
}

/** Presses Publish, then Publish now, by the keyboard: Shift+Tab up to the toolbar. */
async function publishByKeys(page: Page) {
  await pressUntil(page, /^button (Publish|Save draft)$/, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toMatch(/^menuitem (Publish|Save draft) now$/);
  await page.keyboard.press('Enter');
}

/** The focused control's description, as a screen reader reads it after its name. */
const description = (page: Page) =>
  page.evaluate(() =>
    (document.activeElement?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** The words of the live regions that announce at once (role=alert), as they are now. */
const alerts = (page: Page) => page.getByRole('alert').allTextContents();

describe('the web editor with the keyboard alone', () => {
  it('writes a post with its photo and alt text, fixes a refused title and publishes it', async () => {
    const { page, dir } = bench;
    const photo = join(dir, 'upload/by-keyboard.jpg');
    await photoOnDisk(photo);
    await page.goto(`${bench.server.url}/admin/#/collections/blog`);
    await page.getByTestId('entry-card-image').first().waitFor();

    await pressUntil(page, /^link Create entry of type Post$/);
    await page.keyboard.press('Enter');
    await page.getByLabel('Title', { exact: true }).waitFor();
    await pressUntil(page, /^text Title$/);
    // A title another post makes: the id why-sunday-ragu-matters is taken.
    await page.keyboard.type('Why Sunday Ragu Matters');
    await pressUntil(page, /^textarea Excerpt$/);
    await page.keyboard.type('A post written with the keyboard alone.');
    await pressUntil(page, /^combobox Category$/);
    await page.keyboard.type('Bak');
    await page.getByRole('option', { name: 'Baking' }).waitFor();
    await page.keyboard.press('Enter');
    await pressUntil(page, /^combobox Author$/);
    await page.keyboard.type('Priya');
    await page.getByRole('option', { name: 'Priya Raman' }).waitFor();
    await page.keyboard.press('Enter');
    await pressUntil(page, /^date Publish date$/);
    // Month, day and year, as the date box asks for them on this computer.
    await page.keyboard.type('11202026');
    expect(await page.getByLabel('Publish date').inputValue()).toBe('2026-11-20');

    await pressUntil(page, /^button Choose an image$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // Upload waits for the dialog to have read the entry's photos.
    const upload = page.getByRole('dialog').locator('input[type=file]');
    await expect.poll(() => upload.isEnabled()).toBe(true);
    // Listened for before the key that opens it: Playwright takes a moment to catch choosers.
    const chooser = page.waitForEvent('filechooser');
    await pressUntil(page, /Upload$/);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(photo);
    await page.getByRole('dialog').locator('img').first().waitFor();
    await pressUntil(page, /^button Choose selected$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The focus stays with the photo, whose button the choice replaced.
    await expect.poll(() => focused(page)).toBe('button Choose different image');
    await pressUntil(page, /^text Alt text$/);
    await page.keyboard.type('A pot of ragù on the stove');
    // A new post starts as a draft: Space switches Draft off, to publish it.
    await pressUntil(page, /^switch Draft$/);
    await page.keyboard.press('Space');
    expect(await page.getByRole('switch', { name: 'Draft' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await pressUntil(page, /^textbox Text/);
    await page.keyboard.type('Written without a mouse.');

    await publishByKeys(page);
    // Refused at the title: the focus is there, with the engine's words.
    await expect.poll(() => focused(page)).toBe('text Title');
    expect(await description(page)).toMatch(/both make the entry "why-sunday-ragu-matters"/);
    expect(await alerts(page)).toContain(REFUSED);
    expect(bench.git('status', '--porcelain', '--', 'src/content')).toBe('');

    await page.keyboard.press('End');
    await page.keyboard.type(' at Home');
    await publishByKeys(page);
    const folder = 'src/content/blog/why-sunday-ragu-matters-at-home';
    // decap-server writes the post, then its photo, each as it comes: read once whole.
    await bench.onDisk('the post saved', `${folder}/index.md`, (text) => text.endsWith('\n'));
    await bench.server.until('its photo saved', () =>
      existsSync(join(dir, folder, 'by-keyboard.jpg')),
    );
    const post = bench.read(`${folder}/index.md`);
    expect(post).toMatch(/^title: Why Sunday Ragu Matters at Home$/m);
    expect(post).toMatch(/^publishDate: 2026-11-20$/m);
    expect(post).toMatch(/^ {2}alt: A pot of ragù on the stove$/m);
    expect(post).toMatch(/^draft: false$/m);

    expect(stops.length).toBeGreaterThan(15);
    expect(stops.filter(({ shows }) => !shows)).toEqual([]);
  });

  it('puts the focus on the first field in error after a refusal, and announces it', async () => {
    const { page } = bench;
    await page.goto(`${bench.server.url}/admin/#/collections/blog/new`);
    await page.reload();
    await page.getByLabel('Title', { exact: true }).waitFor();
    // Everything above the photo is filled; the photo and its alt text are not.
    await pressUntil(page, /^text Title$/);
    await page.keyboard.type('A Post With No Photo');
    await pressUntil(page, /^textarea Excerpt$/);
    await page.keyboard.type('The photo comes later.');
    await pressUntil(page, /^combobox Category$/);
    await page.keyboard.type('Baking');
    await page.getByRole('option', { name: 'Baking' }).waitFor();
    await page.keyboard.press('Enter');
    await pressUntil(page, /^combobox Author$/);
    await page.keyboard.type('Priya');
    await page.getByRole('option', { name: 'Priya Raman' }).waitFor();
    await page.keyboard.press('Enter');
    await pressUntil(page, /^date Publish date$/);
    await page.keyboard.type('11212026');

    await publishByKeys(page);
    await expect.poll(() => focused(page)).toBe('button Choose an image');
    expect(await description(page)).toBe('Photo is required.');
    expect(await alerts(page)).toContain(REFUSED);
    // The alt text, in error too, says so when the writer reaches it.
    await pressUntil(page, /^text Alt text$/);
    expect(await description(page)).toBe('Alt text is required.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe(
      'true',
    );
    // Fixed, it is no longer invalid.
    await page.keyboard.type('A loaf of bread');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe(null);
  });
});
