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
import sharp from 'sharp';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { projectRoot, scratchProject } from './lib/scratch-project.ts';

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
  mkdirSync(join(dir, 'upload'));
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0623a' } })
    .jpeg()
    .toFile(photo);

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
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('   '); // spaces only: refused below with the engine's words
  await page.getByLabel('Excerpt').fill('More than you think, less than the sea. Here is why.');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Cooking Tips' }).click();
  await page.getByRole('combobox', { name: 'Author' }).click();
  await shot('author');
  await page.getByRole('option', { name: 'James Okafor' }).click();
  await page.getByLabel('Publish date').fill('2026-11-20');
  await page.getByLabel('Publish date').press('Tab');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('button', { name: /choose selected/i }).click();
  await page.getByLabel('Alt text').fill('A hand dropping coarse salt into boiling water');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await page.getByText('Write some text here; it cannot be empty').waitFor();
  await shot('refused');

  await title.clear();
  await title.fill('Salt Your Pasta Water Like You Mean It');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await page
    .getByText(/entry (saved|published)/i)
    .first()
    .waitFor();
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
