/**
 * The web editor as a small team uses it, through its page only: two writers in two browser
 * contexts, and a colleague who commits with git in the same folder. A save writes only what its
 * writer changed onto the file as it is now; a value both changed is the writer's to decide; an
 * entry that went away is not written back; a closed tab and a dropped connection lose nothing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workbench } from './workbench';
import {
  choose,
  formSaved,
  messagesAt,
  openEntry,
  photoOnDisk,
  publishNow,
  stillness,
  typeInBody,
  type Collection,
} from './writer';

const bench = workbench();
const post = 'src/content/blog/the-five-minute-pan-sauce.mdx';
const postTitle = 'The Five-Minute Pan Sauce That Upgrades Any Weeknight Dinner';
const recipe = 'src/content/recipes/pasta-carbonara.mdx';

/** The writer of the workbench's tab, with the entry called `name` open. */
const writerHere = (collection: Collection, name: string) =>
  openEntry(bench.page, bench.server.url, collection, name);

/** Another writer, with the entry called `name` open, in a browser context of their own. */
async function writerWith(collection: Collection, name: string, width?: number) {
  const page = await bench.writer(width);
  return openEntry(page, bench.server.url, collection, name);
}

/** Changes the text field labelled `label` with `change`, as a writer edits it. */
async function edit(page: Page, label: string, change: (text: string) => string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(change(await field.inputValue()));
}

/** A colleague's commit of `file`, changed by `change`, made with git in the folder. */
function commitAsColleague(file: string, change: (text: string) => string) {
  writeFileSync(join(bench.dir, file), change(bench.read(file)));
  bench.git('commit', '--quiet', '-am', `A colleague changes ${file}`);
}

describe('two writers with the same post open', () => {
  it('keeps both when they changed different fields, and shows the first one’s change in the second one’s form', async () => {
    const [a, b] = [await writerHere('blog', postTitle), await writerWith('blog', postTitle)];
    await edit(a, 'Excerpt', (text) => text.replace('brown bits', 'dark bits'));
    await publishNow(a);
    await bench.onDisk('A’s excerpt saved', post, (text) => text.includes('dark bits'));

    await edit(b, 'Title', (text) => `${text} Tonight`);
    await publishNow(b);
    await bench.onDisk('B’s title saved', post, (text) => text.includes('Tonight'));
    expect(bench.changedLines(post)).toEqual([
      `-title: ${postTitle}`,
      expect.stringMatching(/^-excerpt: 'Those brown bits/) as string,
      `+title: ${postTitle} Tonight`,
      expect.stringMatching(/^\+excerpt: 'Those dark bits/) as string,
    ]);
    await expect
      .poll(() => b.getByLabel('Excerpt', { exact: true }).inputValue())
      .toMatch(/^Those dark bits/);
  });

  it('merges their changes to different words of the same excerpt', async () => {
    const [a, b] = [await writerHere('blog', postTitle), await writerWith('blog', postTitle)];
    await edit(a, 'Excerpt', (text) => text.replace('brown bits', 'dark bits'));
    await publishNow(a);
    await bench.onDisk('A’s excerpt saved', post, (text) => text.includes('dark bits'));
    await edit(b, 'Excerpt', (text) => text.replace('pure flavor', 'pure gold'));
    await publishNow(b);
    await bench.onDisk('B’s excerpt saved', post, (text) => text.includes('pure gold'));
    expect(bench.changedLines(post)).toEqual([
      expect.stringMatching(/^-excerpt: 'Those brown bits .* pure flavor\./) as string,
      expect.stringMatching(/^\+excerpt: 'Those dark bits .* pure gold\./) as string,
    ]);
  });

  it('asks the second writer when both changed the same words, writes nothing until they answer, then keeps what they chose', async () => {
    const [a, b] = [await writerHere('blog', postTitle), await writerWith('blog', postTitle)];
    await edit(a, 'Excerpt', (text) => text.replace('pure flavor', 'pure gold'));
    await edit(a, 'Title', () => 'The Five-Minute Pan Sauce');
    await publishNow(a);
    await bench.onDisk('A’s save', post, (text) => text.includes('pure gold'));
    const afterA = bench.read(post);

    await edit(b, 'Excerpt', (text) => text.replace('pure flavor', 'pure magic'));
    await edit(b, 'Title', () => 'The Pan Sauce Everyone Should Know');
    await publishNow(b);
    await b
      .getByText(
        'Not saved: someone else changed 2 fields you changed too, since you opened this entry.',
        { exact: false },
      )
      .waitFor();
    expect(bench.read(post)).toBe(afterA);
    // Each conflict at its field, in words, both versions.
    const notes = b.getByRole('group', { name: 'Changed by someone else' });
    await expect.poll(() => notes.count()).toBe(2);
    // innerText puts a blank line between paragraphs.
    const lines = async (note: typeof notes) => (await note.innerText()).split(/\n+/);
    expect(await lines(notes.first())).toEqual([
      `Changed by someone else since you opened this: '${postTitle}' → 'The Five-Minute Pan Sauce'`,
      `Your change: '${postTitle}' → 'The Pan Sauce Everyone Should Know'`,
      expect.stringMatching(/^Keep mine\s*Take theirs$/) as string,
    ]);
    expect((await lines(notes.nth(1))).slice(0, 2)).toEqual([
      "Changed by someone else since you opened this: '…skillet are pure flavor. Learn the simple…' → '…skillet are pure gold. Learn the simple…'",
      "Your change: '…skillet are pure flavor. Learn the simple…' → '…skillet are pure magic. Learn the simple…'",
    ]);

    await notes.nth(1).getByRole('button', { name: 'Keep mine' }).click();
    await notes.first().getByRole('button', { name: 'Take theirs' }).click();
    expect(await b.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'The Five-Minute Pan Sauce',
    );
    await publishNow(b);
    await bench.onDisk('B’s answers saved', post, (text) => text.includes('pure magic'));
    expect(bench.changedLines(post)).toEqual([
      `-title: ${postTitle}`,
      expect.stringMatching(/^-excerpt: 'Those brown bits .* pure flavor\./) as string,
      '+title: The Five-Minute Pan Sauce',
      expect.stringMatching(/^\+excerpt: 'Those brown bits .* pure magic\./) as string,
    ]);
  });
});

describe('a colleague who commits, under an open form', () => {
  it('keeps a description committed while the recipe was open, when the editor saves its rating', async () => {
    const page = await writerHere('recipes', 'Pasta Carbonara');
    commitAsColleague(recipe, (text) => text.replace('A silky sauce', 'A glossy sauce'));
    await page.getByLabel('Rating', { exact: true }).fill('4.8');
    await publishNow(page);
    await bench.onDisk('the rating saved', recipe, (text) => /^rating: 4\.8$/m.test(text));
    expect(bench.read(recipe)).toContain('A glossy sauce');
    expect(bench.changedLines(recipe)).toEqual(['-rating: 4.9', '+rating: 4.8']);
  });

  it('does not write back a post deleted while it was open, and says so', async () => {
    const page = await writerHere('blog', postTitle);
    bench.git('rm', '--quiet', post);
    bench.git('commit', '--quiet', '-m', 'A colleague deletes the post');
    await edit(page, 'Excerpt', (text) => `${text} More.`);
    await publishNow(page);
    await page
      .getByText(
        'Not saved: someone else deleted or moved this entry since you opened it, and saving would bring it back.',
        { exact: false },
      )
      .waitFor();
    expect(existsSync(join(bench.dir, post))).toBe(false);
    expect(await page.getByLabel('Excerpt', { exact: true }).inputValue()).toMatch(/ More\.$/);
  });

  it('refuses to delete a post changed since it was opened, naming the change', async () => {
    const page = await writerHere('blog', postTitle);
    commitAsColleague(post, (text) => text.replace('brown bits', 'dark bits'));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /delete (published )?entry/i }).click();
    await page
      .getByText(
        "Not deleted: someone else changed this entry since you opened it (Excerpt: 'brown' → 'dark').",
        { exact: false },
      )
      .waitFor();
    expect(existsSync(join(bench.dir, post))).toBe(true);
  });
});

describe('a closed tab, and a dropped connection', () => {
  it('offers back every kind of field typed before the tab closed, and saves it merged with a commit made meanwhile', async () => {
    const photo = join(bench.dir, 'upload/plated.jpg');
    await photoOnDisk(photo);
    const page = await writerHere('recipes', 'Pasta Carbonara');
    await edit(page, 'Description', (text) => text.replace('silky', 'velvety'));
    await choose(page, 'Difficulty', 'Medium');
    await page.getByLabel('Publish date', { exact: true }).fill('2025-10-24');
    await page.getByLabel('Publish date', { exact: true }).press('Tab');
    await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByRole('textbox', { name: 'Ingredient' }).last().fill('1 lemon, zested');
    await page.getByRole('button', { name: 'Choose different image' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: /choose selected/i }).click();
    await typeInBody(page, ' Serve at once.');
    const context = page.context();
    await page.close();

    commitAsColleague(recipe, (text) => text.replace('title: Pasta Carbonara', 'title: Carbonara'));
    const reopened = await context.newPage();
    // Decap's own question about a backup, which restored nothing, is not asked.
    const questions: string[] = [];
    reopened.on('dialog', (dialog) => void questions.push(dialog.message()));
    const again = await openEntry(reopened, bench.server.url, 'recipes', 'Carbonara');
    await again.getByRole('button', { name: 'Restore my changes' }).click();
    await expect
      .poll(() => again.getByLabel('Description', { exact: true }).inputValue())
      .toMatch(/^A velvety sauce/);
    expect(await again.getByLabel('Title', { exact: true }).inputValue()).toBe('Carbonara');
    await publishNow(again);
    await bench.onDisk('the restored changes saved', recipe, (text) => text.includes('velvety'));
    // The local proxy writes the entry, then its photo: both are there once the form says saved.
    await formSaved(again);
    const text = bench.read(recipe);
    expect(text).toContain('title: Carbonara');
    expect(text).toMatch(/^difficulty: Medium$/m);
    expect(text).toMatch(/^publishDate: 2025-10-24$/m);
    expect(text).toMatch(/^ {2}- 1 lemon, zested$/m);
    expect(text).toMatch(/^ {2}src: \.\/plated\.jpg$/m);
    expect(text.trimEnd(), text).toMatch(/Serve at once\.$/);
    expect(existsSync(join(bench.dir, 'src/content/recipes/plated.jpg'))).toBe(true);
    expect(questions).toEqual([]);
  });

  it('keeps what is typed over a kept copy it cannot read, and offers that back', async () => {
    const { page } = bench;
    const errors: string[] = [];
    page.context().on('weberror', (error) => void errors.push(error.error().message));
    // Left broken in the browser's storage by an older editor, or by hand.
    await page.evaluate(
      (key) => localStorage.setItem(key, '{"base": "cut off'),
      `delicious-bites.backup:recipes:${recipe}`,
    );
    await writerHere('recipes', 'Pasta Carbonara');
    await edit(page, 'Description', (text) => text.replace('silky', 'velvety'));
    const context = page.context();
    await page.close();
    const again = await openEntry(
      await context.newPage(),
      bench.server.url,
      'recipes',
      'Pasta Carbonara',
    );
    await again.getByRole('button', { name: 'Restore my changes' }).click();
    await expect
      .poll(() => again.getByLabel('Description', { exact: true }).inputValue())
      .toMatch(/^A velvety sauce/);
    expect(errors).toEqual([]);
  });

  it('keeps the change in the form when the connection drops during a save, in words, and saves it once it is back', async () => {
    const page = await writerHere('blog', postTitle);
    await edit(page, 'Excerpt', (text) => text.replace('brown bits', 'dark bits'));
    await page.route('**/api/v1', (route) => route.abort('internetdisconnected'));
    await publishNow(page);
    await page
      .getByText(
        "Not saved: the editor could not reach the site's files. Your changes are still here; try again.",
      )
      .waitFor();
    expect(await page.getByText(/TypeError|Failed to fetch/).count()).toBe(0);
    expect(bench.changedLines(post)).toEqual([]);

    await page.unroute('**/api/v1');
    await publishNow(page);
    await bench.onDisk('the excerpt saved', post, (text) => text.includes('dark bits'));
    expect(bench.changedLines(post)).toHaveLength(2);
  });
});

/** True when a tap at the middle of `control` reaches it: nothing, a toast say, lies over it. */
async function inReach(control: Locator) {
  const { x, y, width, height } = (await control.boundingBox())!;
  return control.evaluate(
    (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
    { x: x + width / 2, y: y + height / 2 },
  );
}

describe('the same, on a phone', () => {
  it('shows a conflict at its field within 375 px, with its answers and Publish in reach while its toast shows', async () => {
    const [a, b] = [await writerHere('blog', postTitle), await writerWith('blog', postTitle, 375)];
    await edit(a, 'Excerpt', (text) => text.replace('pure flavor', 'pure gold'));
    await publishNow(a);
    await bench.onDisk('A’s save', post, (text) => text.includes('pure gold'));
    await edit(b, 'Excerpt', (text) => text.replace('pure flavor', 'pure magic'));
    await publishNow(b);
    const note = b.getByRole('group', { name: 'Changed by someone else' });
    await note.waitFor();
    const box = (await note.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const answers = ['Keep mine', 'Take theirs'].map((name) => note.getByRole('button', { name }));
    // The save's toast, come to rest on the screen.
    const toast = b.getByRole('alert').filter({ hasText: /.+/ }).first();
    await toast.waitFor();
    await stillness(b);
    const { x, y, width, height } = (await toast.boundingBox())!;
    expect([x, y, x + width, y + height].every((at) => at >= 0 && at <= 900)).toBe(true);
    for (const control of [...answers, b.getByRole('button', { name: 'Publish' })]) {
      expect(await inReach(control), await control.innerText()).toBe(true);
    }
    await answers[0]!.click();
    await publishNow(b);
    await bench.onDisk('B’s excerpt saved', post, (text) => text.includes('pure magic'));
    expect(await messagesAt(b, 'Excerpt')).toEqual([]);
  });
});
