/**
 * A photo straight from a phone, uploaded in the web editor, is written without where it was
 * taken or which camera took it, the way up the writer saw it; one longer than 2,560 px is
 * written at 2,560 (src/editor/browser/photos/uploads.ts). Saved through Decap's local proxy, as
 * `npm run editor` saves; the files written are read back with sharp and with the bytes.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoFacts } from '../../src/lib/photo-facts';
import { inMemory } from '../../src/lib/photo-parts';
import { workbench } from './workbench';
import { fillPost, publishNow } from './writer';
import { phoneExif, SERIAL } from '../support/phone-photo';

const bench = workbench();

/**
 * A JPEG from a phone on the writer's computer, `width` × `height` as stored, its left half red
 * and its right half blue, and `orientation` saying how to turn it for showing.
 */
async function phonePhoto(name: string, width: number, height: number, orientation: number) {
  const file = join(bench.dir, 'upload', name);
  mkdirSync(dirname(file), { recursive: true });
  const half = { width: width / 2, height, channels: 3, background: '#d01010' } as const;
  await sharp({ create: { width, height, channels: 3, background: '#1010d0' } })
    .composite([{ input: { create: half }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExif(phoneExif)
    .toFile(file);
  return file;
}

/** Writes a new post with `photo` and publishes it; the photo as written, once it is on disk. */
async function publishPostWith(photo: string, title: string) {
  const old = bench.page;
  bench.page = await old.context().newPage();
  await old.close();
  const { page } = bench;
  await page.goto(`${bench.server.url}/admin/#/collections/blog`);
  await page.getByRole('link', { name: 'Create entry of type Post' }).click();
  await page.getByLabel('Title', { exact: true }).waitFor();
  await fillPost(page, {
    title,
    excerpt: 'A photo from the phone.',
    category: 'Cooking Tips',
    author: 'Priya Raman',
    publishDate: '2026-11-20',
    photo,
    alt: 'Red above blue',
  });
  await publishNow(page);
  const folder = `src/content/blog/${title.toLowerCase().replaceAll(' ', '-')}`;
  const written = join(bench.dir, folder, photo.split('/').at(-1)!);
  // decap-server writes the entry, then the photo, each as it comes: a file being written reads
  // short for a moment.
  await bench.server.until(`${folder} saved`, () =>
    existsSync(join(bench.dir, folder, 'index.md')),
  );
  let size = -1;
  await bench.server.until('the photo written whole', () => {
    const now = existsSync(written) ? statSync(written).size : -1;
    const still = now > 0 && now === size;
    size = now;
    return still;
  });
  return readFileSync(written);
}

/** The mean colour of a region of the photo as shown (turned as its orientation says). */
async function colourAt(
  bytes: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() reads its input as it is: the region is cut out first.
  const cut = await sharp(bytes).rotate().extract(region).toBuffer();
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}
const [RED, BLUE] = [
  (rgb: number[]) => rgb[0]! > 150 && rgb[2]! < 80,
  (rgb: number[]) => rgb[2]! > 150 && rgb[0]! < 80,
];

/** The bytes of a JPEG's picture: from its first scan to its end. */
function scan(bytes: Buffer) {
  let at = 2;
  while (bytes[at + 1] !== 0xda) at += 2 + bytes.readUInt16BE(at + 2);
  return bytes.subarray(at);
}

describe('a photo uploaded in the editor', () => {
  it('is written without its GPS position or serial number, turned as the writer saw it, its picture byte for byte', async () => {
    const photo = await phonePhoto('phone.jpg', 1200, 800, 6);
    const original = readFileSync(photo);
    expect(await photoFacts(inMemory(original))).toMatchObject({ position: true, serial: true });

    const written = await publishPostWith(photo, 'From The Phone');
    expect(await photoFacts(inMemory(written))).toEqual({
      format: 'jpeg',
      orientation: 6,
      position: false,
      serial: false,
    });
    expect(written.includes(SERIAL)).toBe(false);
    expect(written.includes('Phone')).toBe(false);
    expect(scan(written).equals(scan(original))).toBe(true);
    const { width, height, orientation } = await sharp(written).metadata();
    expect({ width, height, orientation }).toEqual({ width: 1200, height: 800, orientation: 6 });
  });

  it('is written at 2560 × 1920 when taken at 4000 × 3000, with no metadata', async () => {
    const photo = await phonePhoto('wide.jpg', 4000, 3000, 1);
    const written = await publishPostWith(photo, 'A Wide One');
    const metadata = await sharp(written).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 2560, 1920]);
    expect(metadata.exif).toBeUndefined();
    expect(written.includes(SERIAL)).toBe(false);
    expect(await photoFacts(inMemory(written))).toMatchObject({ position: false, serial: false });
    expect(RED(await colourAt(written, { left: 100, top: 800, width: 200, height: 200 }))).toBe(
      true,
    );
    expect(BLUE(await colourAt(written, { left: 2260, top: 800, width: 200, height: 200 }))).toBe(
      true,
    );
  });

  it('is scaled the way up the writer saw it: stored 4000 × 3000 and turned, written 1920 × 2560 upright', async () => {
    // Orientation 6 turns the stored picture a quarter clockwise: its left half, red, shows on top.
    const photo = await phonePhoto('turned.jpg', 4000, 3000, 6);
    const written = await publishPostWith(photo, 'A Turned One');
    const metadata = await sharp(written).metadata();
    expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([1920, 2560, 1]);
    expect(RED(await colourAt(written, { left: 860, top: 100, width: 200, height: 200 }))).toBe(
      true,
    );
    expect(BLUE(await colourAt(written, { left: 860, top: 2260, width: 200, height: 200 }))).toBe(
      true,
    );
  });

  it('that cannot be read is not uploaded, and the writer is told why', async () => {
    const whole = await phonePhoto('cut.jpg', 1200, 800, 1);
    // Cut off inside its EXIF, as a copy that did not finish: no browser can draw it either.
    writeFileSync(whole, readFileSync(whole).subarray(0, 200));
    const old = bench.page;
    const page = (bench.page = await old.context().newPage());
    await old.close();
    await page.goto(`${bench.server.url}/admin/#/collections/blog/new`);
    await page.getByRole('button', { name: 'Choose an image' }).click();
    // What the page says, or, after a while, that it said nothing.
    const said = new Promise<string>((resolve) => {
      setTimeout(() => resolve('(nothing said)'), 20_000);
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await page.locator('input[type=file]').setInputFiles(whole);
    expect(await said).toBe(
      'Not uploaded:\ncut.jpg could not be read as a photo. The file ends part way through: it may not have finished copying.\nExport or save the photo again, and upload that.',
    );
    expect(
      await page
        .locator('input[type=file]')
        .evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);
    await expect.poll(() => page.getByText('cut.jpg').count()).toBe(0);
  });
});
