/**
 * `npm run screenshots:editor`: the pictures in docs/WRITERS.md's "Writing without git" and
 * docs/EDITOR.md, taken from the real editor. Runs `npm run editor` in a throwaway copy of the
 * project under git (so nothing is saved here), walks in Chromium through writing a post, each
 * save the editor refuses, two writers and a colleague's commits on one post, a closed tab, an
 * entry's history and the recently deleted, and writes docs/images/editor-*.png.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Dialog, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { gitIn, projectRoot, scratchProject } from './lib/scratch-project.ts';
import {
  fillPost,
  openEntry,
  photoOnDisk,
  publishNow,
  saved,
  typeInBody,
} from '../tests/editor/writer.ts';

const out = join(projectRoot, 'docs/images');
const sitePort = 4399;
const dir = scratchProject();
/** git in the copy, as a colleague who commits would run it. */
const git = gitIn(dir, { name: 'Ben Cook', email: 'ben@example.com' });
const editor = spawn(
  process.execPath,
  ['scripts/editor.ts', '--port', String(sitePort), '--host', '127.0.0.1'],
  { cwd: dir, env: { ...process.env, EDITOR_LOCAL_PORT: '8099' }, stdio: 'ignore' },
);

try {
  const admin = `http://127.0.0.1:${sitePort}/admin/`;
  for (
    let tries = 0;
    !(await fetch(admin).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 120) throw new Error(`The editor did not start at ${admin}`);
    await sleep(250);
  }
  const photo = join(dir, 'upload/cover.jpg');
  await photoOnDisk(photo);

  mkdirSync(out, { recursive: true });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    args: CHROMIUM_ARGS,
    ...(executablePath && { executablePath }),
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const shot = async (name: string) => {
    await sleep(400); // Decap's toasts and panels slide in
    await page.screenshot({ path: join(out, `editor-${name}.png`) });
    console.log(`docs/images/editor-${name}.png`);
  };

  await page.goto(admin);
  await shot('login');
  await page.getByRole('button', { name: /^Log ?in/ }).click();
  await page.getByRole('link', { name: 'Blog posts' }).click();
  await page.getByText(/Why Sunday Ragù/).waitFor();
  await shot('posts');

  // On a phone, 375 px wide: the list, a post's form, and its preview under the form.
  await page.setViewportSize({ width: 375, height: 812 });
  await shot('phone-list');
  await page.getByRole('link', { name: /^Why Sunday Ragù/ }).click();
  await page.getByLabel('Title', { exact: true }).waitFor();
  await shot('phone-form');
  await page.getByRole('button', { name: 'Preview the card' }).click();
  await page.frameLocator('iframe').getByRole('list', { name: 'Where it will appear' }).waitFor();
  await shot('phone-preview');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot('preview');
  await page.getByRole('button', { name: 'Preview the card' }).click();
  await page.goto(`${admin}#/collections/blog`);

  await page.getByRole('link', { name: 'Create entry of type Post' }).click();
  await page.getByRole('combobox', { name: 'Author' }).click();
  await shot('author');
  await page.keyboard.press('Escape');
  await fillPost(page, {
    title: '   ', // spaces only: refused with the engine's words
    excerpt: 'More than you think, less than the sea. Here is why.',
    category: 'Cooking Tips',
    author: 'James Okafor',
    publishDate: '2026-11-20',
    photo,
    alt: 'A hand dropping coarse salt into boiling water',
  });
  await publishNow(page);
  await page
    .getByText('Write some text here; it cannot be empty')
    .evaluate((message) => message.scrollIntoView({ block: 'start' }));
  await shot('refused');

  const title = page.getByLabel('Title', { exact: true });
  await title.clear();
  await title.fill('Salt Your Pasta Water Like You Mean It');
  await publishNow(page);
  await saved(page);
  await page
    .getByRole('switch', { name: /Draft/ })
    .evaluate((toggle) => toggle.scrollIntoView({ block: 'center' }));
  await shot('saved');

  // Each save the site would refuse, as the writer sees it: the message at its field.
  // Leaving an entry not saved asks first; a reload may close the question before it is answered.
  const leave = (dialog: Dialog) => void dialog.accept().catch(() => {});
  page.on('dialog', leave);
  const open = async (collection: string, entry?: string) => {
    await page.goto(`${admin}#/collections/${collection}`);
    await page.reload();
    const link = entry
      ? page.getByRole('link', { name: new RegExp(`^${entry} · `) })
      : page.getByRole('link', { name: /Create entry of type/ });
    await link.click();
    await page.getByLabel(collection === 'team' ? 'Name' : 'Title', { exact: true }).waitFor();
  };
  const refused = async (name: string, message: string | RegExp) => {
    await publishNow(page);
    await page
      .getByText(message)
      .first()
      .evaluate((at) => at.scrollIntoView({ block: 'center' }));
    await shot(name);
  };

  await open('recipes');
  await page.getByLabel('Title', { exact: true }).fill('Pasta Carbonara');
  await refused('clash', /both make the entry "pasta-carbonara"/);

  await open('blog');
  await page.getByLabel('Title', { exact: true }).fill('A Loaf for Sunday');
  page.once('dialog', (dialog) => void dialog.accept('http://images.example.com/bread.jpg'));
  page.off('dialog', leave);
  await page.getByRole('button', { name: 'Insert from URL' }).click();
  page.on('dialog', leave);
  await page.getByLabel('Alt text', { exact: true }).fill('A loaf of bread');
  await page.getByRole('button', { name: 'Expand' }).click();
  await page
    .getByRole('textbox', { name: 'Link (optional)', exact: true })
    .fill('https://example.com/baker');
  await refused('photo', /^Use an https:\/\/ address/);

  await open('blog', 'Why Sunday Ragù Is About More Than Sauce');
  await typeInBody(page, '\n\nUse {curly} braces.');
  await refused('braces', /"\{curly\}" is code in an \.mdx file/);

  await open('recipes', 'Classic Beef Bourguignon');
  await page.getByRole('switch', { name: /Draft/ }).click();
  await refused('short-list', /Featured Recipes on the home page/);

  await open('team', 'Priya Raman');
  await page.getByRole('button', { name: /delete (published )?entry/i }).click();
  await page.getByText('Not deleted: the site would no longer build.', { exact: false }).waitFor();
  await shot('delete-refused');

  // Two writers and a colleague who commits, on one post; what each of them sees.
  const site = `http://127.0.0.1:${sitePort}`;
  const post = 'The Five-Minute Pan Sauce That Upgrades Any Weeknight Dinner';
  const file = join(dir, 'src/content/blog/the-five-minute-pan-sauce.mdx');
  const commit = (change: (text: string) => string, message: string) => {
    writeFileSync(file, change(readFileSync(file, 'utf8')));
    git('commit', '--quiet', '-am', message);
  };
  const writer = async (width: number) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const other = await context.newPage();
    other.on('dialog', leave);
    await other.goto(admin);
    await other.getByRole('button', { name: /^Log ?in/ }).click();
    return openEntry(other, site, 'blog', post);
  };
  const picture = async (at: Page, name: string) => {
    await sleep(400);
    await at.screenshot({ path: join(out, `editor-${name}.png`) });
    console.log(`docs/images/editor-${name}.png`);
  };
  const excerpt = (at: Page, change: (text: string) => string) =>
    at
      .getByLabel('Excerpt', { exact: true })
      .inputValue()
      .then((text) => at.getByLabel('Excerpt', { exact: true }).fill(change(text)));

  commit((text) => text.replace('comments: 28', 'comments: 31'), 'More comments');
  const [ana, ben] = [await writer(1280), await writer(375)];
  await excerpt(ana, (text) => text.replace('pure flavor', 'pure gold'));
  await publishNow(ana);
  await saved(ana);
  await excerpt(ben, (text) => text.replace('pure flavor', 'pure magic'));
  await publishNow(ben);
  const note = ben.getByRole('group', { name: 'Changed by someone else' });
  await note.evaluate((at) => at.scrollIntoView({ block: 'center' }));
  await picture(ben, 'phone-conflict');
  await excerpt(ana, (text) => text.replace('pure gold', 'pure joy'));
  await publishNow(ana);
  await saved(ana);
  await ana.close();
  const wide = await writer(1280);
  await excerpt(wide, (text) => text.replace('brown bits', 'dark bits'));
  commit((text) => text.replace('pure joy', 'pure delight'), 'Delight');
  await excerpt(wide, (text) => text.replace('pure joy', 'pure happiness'));
  await publishNow(wide);
  await wide
    .getByRole('group', { name: 'Changed by someone else' })
    .evaluate((at) => at.scrollIntoView({ block: 'center' }));
  await picture(wide, 'conflict');

  // The tab closes unsaved; opened again, the form offers the change back.
  const context = wide.context();
  await wide.close();
  const again = await context.newPage();
  again.on('dialog', leave);
  await openEntry(again, site, 'blog', post);
  await again.getByRole('button', { name: 'Restore my changes' }).waitFor();
  await picture(again, 'restore');
  await again.getByRole('button', { name: 'Discard them' }).click();
  await again.getByRole('button', { name: 'History', exact: true }).click();
  await again.getByRole('list', { name: 'Versions, newest first' }).waitFor();
  await picture(again, 'history');

  git('rm', '--quiet', 'src/content/recipes/smash-burgers.mdx');
  git('commit', '--quiet', '-m', 'No more burgers');
  await again.goto(`${admin}#/collections/recipes`);
  await again.getByRole('button', { name: 'Recently deleted' }).click();
  await again
    .getByRole('dialog', { name: 'Recently deleted from Recipes' })
    .getByRole('listitem')
    .first()
    .waitFor();
  await picture(again, 'deleted');
  await browser.close();
} finally {
  editor.kill('SIGINT');
  await sleep(1000);
  rmSync(dir, { recursive: true, force: true });
}
