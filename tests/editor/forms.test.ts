/**
 * Every form of the web editor draws its fields, now that Decap's widgets are fetched when a
 * form first needs them (src/editor/browser/decap/app.ts): each collection's new entry shows a
 * control for each of its fields, and a photo field opens the media library.
 */
import { describe, expect, it } from 'vitest';
import { LIST_PHOTO, type EditorConfig } from '@/editor/contract';
import { workbench } from './workbench';
import { collections } from './writer';

const bench = workbench();

describe('the web editor’s forms', () => {
  it('draws every field of each collection’s new entry, and opens the photo dialog', async () => {
    const { page, server } = bench;
    const config = (await (await fetch(`${server.url}/admin/config.json`)).json()) as EditorConfig;
    for (const collection of config.collections) {
      const { label, label_singular: singular } = collection;
      expect(collections[collection.name].label).toBe(label);
      await page.goto(`${server.url}/admin/#/collections/${collection.name}`);
      await page.getByRole('link', { name: `Create entry of type ${singular}` }).click();
      for (const field of collection.fields.filter((field) => field.name !== LIST_PHOTO)) {
        // The field's box, by its own label, holds something to type in or press.
        const box = page
          .locator('[class*="-ControlContainer"]')
          .filter({
            has: page.locator(`xpath=./*/label[starts-with(normalize-space(), "${field.label}")]`),
          })
          .first();
        const control = box.locator('input, textarea, [contenteditable="true"], button').first();
        await expect.poll(() => control.count(), { message: field.label }).toBe(1);
      }
      if (collection.name !== 'blog') continue;
      // A post's photo: the media library, where one is uploaded or chosen.
      await page.getByRole('button', { name: 'Choose an image' }).first().click();
      await page.getByRole('button', { name: 'Upload' }).waitFor();
      await page.getByRole('button', { name: /choose selected/i }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Upload' }).waitFor({ state: 'hidden' });
    }
  });
});
