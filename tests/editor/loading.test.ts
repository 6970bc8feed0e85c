/**
 * What the web editor's page loads, in `astro dev` as `npm run editor` serves it: the list and a
 * form load none of the preview's code (the site's React, React DOM and cards); the first opened
 * preview loads it, from a chunk of our scripts the dev server serves.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workbench } from './workbench';

const bench = workbench();

/** React DOM's client, in a script: the name it marks each root's container with. */
const reactDom = '__reactContainer$';

/** Our scripts as the page fetches them from now on, by path, with their text. */
function ourScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/admin\/editor[\w-]*\.js$/.test(pathname)) return;
    // Unchanged since the browser last fetched it (304): its text, from the server.
    const text =
      response.status() === 304
        ? fetch(response.url()).then((again) => again.text())
        : response.text();
    scripts.set(pathname, text);
  });
  return scripts;
}

/** Whether any of `paths` holds React DOM. */
async function holdReactDom(scripts: Map<string, Promise<string>>, paths: string[]) {
  const texts = await Promise.all(paths.map((path) => scripts.get(path)!));
  return texts.some((text) => text.includes(reactDom));
}

describe('the web editor’s page', () => {
  it('loads no React DOM for the list or a form, and loads it when the preview first opens', async () => {
    const { page, server } = bench;
    await page.goto(`${server.url}/admin/#/collections/recipes`);
    const scripts = ourScripts(page);
    await page.reload();
    const entry = page.getByRole('link', { name: /^Pasta Carbonara · / });
    await entry.waitFor();
    const beforeList = [...scripts.keys()];
    expect(beforeList).toContain('/admin/editor.js');
    expect(await holdReactDom(scripts, beforeList)).toBe(false);

    await entry.click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    expect([...scripts.keys()]).toEqual(beforeList);

    await page.getByRole('button', { name: 'Preview the card' }).click();
    const preview = page.frameLocator('iframe').first().locator('body');
    await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain('Pasta Carbonara');
    const withPreview = [...scripts.keys()].filter((path) => !beforeList.includes(path));
    expect(withPreview.length).toBeGreaterThan(0);
    expect(await holdReactDom(scripts, withPreview)).toBe(true);
  });
});
