/**
 * The web editor on a phone, 375 px wide: the list and the form fit the width with nothing to
 * pan, and a post is written, given a photo and published from there. It guards the stylesheet
 * in src/editor/node/page.ts, which reaches Decap's layout through its components' class names.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workbench } from './workbench';
import { fillPost, photoOnDisk, publishNow, typeInBody } from './writer';

const WIDTH = 375;
const bench = workbench({ width: WIDTH });

/** What sticks out past the right edge of the screen: nothing, on a page that fits. */
const pastTheEdge = (page: Page) =>
  page.evaluate(
    (width) =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName} ${element.className.toString().slice(0, 60)}`),
    WIDTH,
  );

describe('the web editor on a phone', () => {
  it('fits the list and the form to the width, with nothing to pan', async () => {
    const { page } = bench;
    await page.goto(`${bench.server.url}/admin/#/collections/blog`);
    await page.getByText('Why Sunday Ragù').waitFor();
    expect(await pastTheEdge(page)).toEqual([]);

    await page.getByRole('link', { name: 'Create entry of type Post' }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH);
  });

  it('writes a post with a photo from the phone and publishes it', async () => {
    const { page, dir } = bench;
    const photo = join(dir, 'upload/from-the-phone.jpg');
    await photoOnDisk(photo);
    await page.goto(`${bench.server.url}/admin/#/collections/blog/new`);
    await fillPost(page, {
      title: 'Written on the Bus',
      excerpt: 'A post from a phone, photo and all.',
      category: 'Cooking Tips',
      author: 'Sofia Marchetti',
      publishDate: '2026-11-20',
      photo,
      alt: 'A bowl of soup on a bus seat',
    });
    await typeInBody(page, 'Every field is in reach.');
    expect(await pastTheEdge(page)).toEqual([]);
    await publishNow(page);
    // decap-server writes the entry, then its photo.
    await bench.server.until('the post saved with its photo', () =>
      ['index.md', 'from-the-phone.jpg'].every((file) =>
        existsSync(join(dir, 'src/content/blog/written-on-the-bus', file)),
      ),
    );
  });
});
