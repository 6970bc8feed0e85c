/**
 * `npm run screenshots:editor`: the pictures in docs/WRITERS.md's "Writing without git", taken
 * from the real editor. Runs `npm run editor` in a throwaway copy of the project (so nothing is
 * saved here), walks through writing a post in Chromium, and writes docs/images/editor-*.png.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { projectRoot, scratchProject } from './lib/scratch-project.ts';
import { fillPost, photoOnDisk, publishNow, saved } from './lib/web-editor.ts';

const out = join(projectRoot, 'docs/images');
const sitePort = 4399;
const dir = scratchProject();
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
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Blog posts' }).click();
  await page.getByText('Why Sunday Ragù').waitFor();
  await shot('posts');

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
  await browser.close();
} finally {
  editor.kill('SIGINT');
  await sleep(1000);
  rmSync(dir, { recursive: true, force: true });
}
