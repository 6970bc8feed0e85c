/**
 * What a writer does in the web editor's page, step by step, and where the page shows what it
 * says: shared by the editor's browser tests and `npm run screenshots:editor`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** A plain JPEG at `file`, standing in for a photo on the writer's computer. */
export async function photoOnDisk(file: string) {
  mkdirSync(dirname(file), { recursive: true });
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0623a' } })
    .jpeg()
    .toFile(file);
}

/** The collections a writer edits: their label in the editor and the field that names an entry. */
export const collections = {
  recipes: { label: 'Recipes', nameField: 'title', nameLabel: 'Title' },
  blog: { label: 'Blog posts', nameField: 'title', nameLabel: 'Title' },
  team: { label: 'Team', nameField: 'name', nameLabel: 'Name' },
} as const;
export type Collection = keyof typeof collections;

/**
 * Opens the entry called `name` in `page` from its collection's list at `site` (the editor's
 * address), and waits until its values are in the form: the form is drawn before them, and a key
 * pressed earlier lands elsewhere.
 */
export async function openEntry(page: Page, site: string, collection: Collection, name: string) {
  await page.goto(`${site}/admin/#/collections/${collection}`);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('link', { name: new RegExp(`^${escaped} · `) }).click();
  const field = page.getByLabel(collections[collection].nameLabel, { exact: true });
  // Polled by hand, not with Vitest's expect: npm run screenshots:editor opens entries too.
  for (const deadline = Date.now() + 10_000; (await field.inputValue()) !== name;) {
    if (Date.now() > deadline) throw new Error(`The form did not show "${name}" within 10 s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return page;
}

/**
 * Picks `option` in the choice field labelled `label` (a category, an author). An opening menu
 * scrolls the form to show itself, a step each frame (react-select's animatedScrollTo): on a busy
 * machine a click then pressed one option and let go over another, picking none, and the menu
 * stayed open over the next field. The option is clicked once it has held still for three frames.
 */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  const choice = page.getByRole('option', { name: option });
  await choice.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const look = () => {
          const { x, y } = element.getBoundingClientRect();
          still = `${x} ${y}` === last ? still + 1 : 0;
          last = `${x} ${y}`;
          if (still === 3) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
  await choice.click();
}

export type Post = {
  title: string;
  excerpt: string;
  category: string;
  /** A team member's name, as the editor lists them. */
  author: string;
  publishDate: string;
  /** A photo to upload from the writer's computer. */
  photo: string;
  alt: string;
};

/** Fills in a new post's form, from the title to the photo's alt text. */
export async function fillPost(page: Page, post: Post) {
  await page.getByLabel('Title', { exact: true }).fill(post.title);
  await page.getByLabel('Excerpt').fill(post.excerpt);
  await choose(page, 'Category', post.category);
  await choose(page, 'Author', post.author);
  await page.getByLabel('Publish date').fill(post.publishDate);
  await page.getByLabel('Publish date').press('Tab');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type=file]').setInputFiles(post.photo);
  await page.getByRole('button', { name: /choose selected/i }).click();
  await page.getByLabel('Alt text').fill(post.alt);
}

/**
 * Presses Publish, then Publish now (for a draft, Save draft and Save draft now): the editor
 * saves, or says why not.
 */
export async function publishNow(page: Page) {
  await page.getByRole('button', { name: /^(Publish|Save draft)$/ }).click();
  await page.getByRole('menuitem', { name: /^(Publish|Save draft) now$/ }).click();
}

/**
 * Waits until the form says it is saved: its toolbar reads Published, or Saved as a draft, where
 * it read Publish while the form had changes. The form then stands on the file as written.
 */
export const formSaved = (page: Page) =>
  page
    .getByText(/^(Published|Saved as a draft)$/)
    .first()
    .waitFor();

/** Waits for the editor to report the entry saved. */
export const saved = (page: Page) =>
  page
    .getByText(/entry (saved|published)/i)
    .first()
    .waitFor();

/**
 * The body's editor: Decap's raw Markdown box, a text box that edits its own content and has no
 * label of its own.
 */
export const bodyEditor = (page: Page) =>
  page.getByRole('textbox').and(page.locator('[contenteditable="true"]'));

/** Types `text` at the end of the body, Enter for each line break, as a writer types it. */
export async function typeInBody(page: Page, text: string) {
  const box = bodyEditor(page);
  // Clicked below the text's end, as a writer adding to it would. Not Control+End after a click
  // elsewhere: Slate takes a click's caret a moment later (its selection handler is throttled),
  // and would move the caret back to the click after the first key.
  const { width, height } = (await box.boundingBox()) ?? { width: 1, height: 1 };
  await box.click({ position: { x: width - 4, y: height - 4 } });
  await page.waitForFunction(caretAtEnd, await box.elementHandle());
  for (const [index, line] of text.split('\n').entries()) {
    if (index) await page.keyboard.press('Enter');
    if (line) await page.keyboard.type(line);
  }
}

/** Whether the caret is in `box` with nothing but white space after it. */
function caretAtEnd(box: Element | null) {
  const selection = getSelection();
  if (!box || !selection?.isCollapsed || !selection.focusNode) return false;
  if (!box.contains(selection.focusNode)) return false;
  const after = document.createRange();
  after.setStart(selection.focusNode, selection.focusOffset);
  after.setEnd(box, box.childNodes.length);
  return after.toString().trim() === '';
}

/**
 * The messages shown at the field labelled `label` (the label's text up to "(optional)"):
 * Decap lists them beside the label.
 */
export const messagesAt = (page: Page, label: string) =>
  page
    .locator(`xpath=//label[normalize-space(text())="${label}"]/following-sibling::ul/li`)
    .allTextContents();

/**
 * Waits until nothing on the page is moving or fading: a colour taking the focus (0.2 s), a toast
 * sliding in. What runs longer than a second is a spinner or a toast's countdown bar, and is not
 * waited for.
 */
export const stillness = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          Number(animation.effect?.getComputedTiming().endTime) > 1000,
      ),
  );
