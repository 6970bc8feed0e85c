/**
 * A writer commits a photo straight from a phone: the build and `npm run check:content` name it
 * with the command that removes its position, and still pass; `npm run photos:clean` removes the
 * position and the serial number in place, keeping the picture and its orientation, and the
 * warning goes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it, vi } from 'vitest';
import { photoFacts } from '../../src/lib/photo-facts';
import { inMemory } from '../../src/lib/photo-parts';
import { astro, node } from '../support/astro-cli';
import { scratchProject, write } from './scratch';
import { phoneExif, SERIAL } from '../support/phone-photo';

vi.setConfig({ testTimeout: 480_000 });

const photo = 'src/content/blog/salt-water/cover.jpg';
const post = `---
title: Salt Water
excerpt: Brine, measured.
category: Cooking Tips
author: priya-raman
publishDate: 2025-03-12
image:
  src: ./cover.jpg
  alt: A jar of brine
---

Salt, then water.
`;

it('names a photo with a GPS position and the command that removes it, builds all the same, and the command removes it', async () => {
  const dir = scratchProject();
  write(dir, 'src/content/blog/salt-water/index.md', post);
  const original = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#c0623a' },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(phoneExif)
    .toBuffer();
  write(dir, photo, original);
  const command = `npm run photos:clean -- ${photo}`;

  const build = astro(dir, 'build');
  expect(build.status, build.output).toBe(0);
  expect(build.output).toContain(`1 photo tells where it was taken`);
  expect(build.output).toContain(`  ${photo}\n`);
  expect(build.output).toContain(command);

  const clean = node(dir, ['scripts/photos-clean.ts', photo]);
  expect(clean.status, clean.output).toBe(0);
  expect(clean.output).toContain(
    `${photo}: removed its GPS position, the camera's serial number and its other metadata; the picture is as it was.`,
  );
  const cleaned = readFileSync(join(dir, photo));
  expect(await photoFacts(inMemory(cleaned))).toEqual({
    format: 'jpeg',
    orientation: 6,
    position: false,
    serial: false,
  });
  expect(cleaned.includes(SERIAL)).toBe(false);
  expect((await sharp(cleaned).metadata()).orientation).toBe(6);
  const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
  expect((await pixels(cleaned)).equals(await pixels(original))).toBe(true);

  const check = astro(dir, 'sync');
  expect(check.status, check.output).toBe(0);
  expect(check.output).not.toContain('photos:clean');
});
