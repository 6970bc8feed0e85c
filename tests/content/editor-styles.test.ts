/**
 * The web editor's preview draws an entry with the site's own stylesheet, /admin/site.css, which
 * the editor takes from the home page's HTML (siteStyles in src/editor/node/admin-files.ts). A
 * build inlines it as `<style>` because astro.config.ts asks it to (`build.inlineStylesheets`);
 * in `astro dev` it is there only because Astro's dev server writes each stylesheet a page imports
 * into the page, which its documentation does not promise. If an upgrade stops doing so,
 * `npm run editor` previews unstyled cards, and this fails.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devServer, scratchProject } from './scratch';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('the preview’s stylesheet in astro dev', () => {
  let server: Awaited<ReturnType<typeof devServer>>;

  beforeAll(async () => {
    server = await devServer(scratchProject());
    await server.page('/');
  });

  afterAll(() => server?.stop());

  it('is the site’s own: Tailwind’s output of global.css, sonner’s stylesheet with it', async () => {
    const css = (await server.get('/admin/site.css')) ?? '';
    // A colour global.css defines, and a utility a card uses.
    expect(css).toContain('--color-brand-700: #c2410c');
    expect(css).toMatch(/\.rounded-2xl\s*\{/);
    expect(css).toContain('[data-sonner-toaster]');
  });
});
