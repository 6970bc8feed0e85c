/**
 * The photo cleaning of uploads.ts on the live site's backend: a photo from a phone, uploaded to
 * a new team member and published to GitHub (the fake of github.ts), is committed as exactly the
 * bytes `cleanPhoto` makes of it, with no position or serial number; the hook runs before Decap
 * reads the file, whichever backend then saves it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { cleanPhoto } from '../../src/lib/photo-metadata';
import { githubWorkbench } from './github';
import { publishNow, saved } from './writer';
import { phoneExif } from '../support/phone-photo';

const bench = githubWorkbench();

/** The id git gives `bytes` as a file. */
const blobOf = (bytes: Uint8Array) =>
  execFileSync('git', ['hash-object', '--stdin'], { input: bytes, encoding: 'utf8' }).trim();

it('commits a photo from a phone without its GPS position or serial number: the very bytes cleanPhoto makes', async () => {
  const photo = join(bench.dir, 'upload/portrait.jpg');
  mkdirSync(dirname(photo), { recursive: true });
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0623a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(phoneExif)
    .toFile(photo);
  const original = readFileSync(photo);
  const cleaned = cleanPhoto(original);
  expect(cleaned.ok && cleaned.removed).toBe(true);

  const old = bench.page;
  const page = (bench.page = await old.context().newPage());
  await old.close();
  await page.goto(`${bench.server.url}/admin/#/collections/team`);
  await page.getByRole('link', { name: 'Create entry of type Team member' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Noor Haddad');
  await page.getByLabel('Role', { exact: true }).fill('Line Cook');
  await page.getByLabel('Bio', { exact: true }).fill('Noor Haddad cooks.');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('button', { name: /choose selected/i }).click();
  await page.getByLabel('Alt text', { exact: true }).fill('Noor Haddad at the pass');
  await publishNow(page);
  await saved(page);

  const committed = bench.github.git(
    'rev-parse',
    `${bench.github.branch}:src/content/team/noor-haddad/portrait.jpg`,
  );
  expect(committed).toBe(blobOf(cleaned.ok ? cleaned.bytes : original));
  expect(committed).not.toBe(blobOf(original));
});
