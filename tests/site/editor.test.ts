/**
 * The web editor's page in the build (/admin/, src/editor/): kept from search
 * engines, under its own content security policy, and apart from what visitors load.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFile, builtPages, builtText, page } from './built';

const visitorPages = builtPages.filter((path) => !path.startsWith('/admin'));

describe('the web editor in the build', () => {
  it('is kept out of search engines: noindex, disallowed in robots.txt, not in the sitemap', () => {
    const robots = page('/admin/').querySelector('meta[name="robots"]')?.getAttribute('content');
    expect(robots).toBe('noindex, nofollow');
    expect(builtText('/robots.txt')).toMatch(/^Disallow: \/admin\/$/m);
    expect(builtText('/sitemap-0.xml')).not.toContain('/admin');
  });

  it('has its own content security policy, which lets it reach GitHub and nothing else afar', () => {
    const policy = page('/admin/')
      .querySelector('meta[http-equiv="Content-Security-Policy"]')
      ?.getAttribute('content');
    expect(policy).toMatch(
      /connect-src 'self' blob: data: http:\/\/localhost:\d+ https:\/\/api\.github\.com;/,
    );
    expect(policy).toContain("object-src 'none'");
    // The visitors' pages keep their own, which allows no eval.
    const visitorPolicy = page('/')
      .querySelector('meta[http-equiv="content-security-policy" i]')
      ?.getAttribute('content');
    expect(visitorPolicy).toContain('script-src');
    expect(visitorPolicy).not.toContain('unsafe-eval');
  });

  it('shows the site’s name and that it is loading before any script has run', () => {
    const admin = page('/admin/');
    const status = admin.querySelector('[role="status"]')?.textContent ?? '';
    expect(status).toContain('Delicious Bites');
    expect(status).toMatch(/loading/i);
    const scripts = [...admin.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      './editor.js',
      './decap-cms.js',
    ]);
    // Deferred: the page paints first, and both download side by side.
    for (const script of scripts) expect(script.hasAttribute('defer')).toBe(true);
  });

  it('ships its configuration, script and Decap CMS beside its page', () => {
    const config = JSON.parse(builtText('/admin/config.json')) as {
      collections: { name: string }[];
    };
    expect(config.collections.map((collection) => collection.name)).toEqual([
      'recipes',
      'blog',
      'team',
    ]);
    expect(builtFile('/admin/editor.js')).toBeDefined();
    expect(builtFile('/admin/decap-cms.js')).toBeDefined();
  });

  // Decap's script loads its chunks by a name it makes: "<number>.decap-cms.js". The build
  // copies them by that pattern (src/editor/node/admin-files.ts), so a rename upstream fails here.
  it('ships every chunk Decap CMS loads on demand, under the name it asks for', () => {
    expect(builtText('/admin/decap-cms.js')).toContain('".decap-cms.js"');
    const decap = join(
      dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')),
      'dist',
    );
    const chunks = readdirSync(decap).filter((file) => /^\d+\.decap-cms\.js$/.test(file));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(builtFile(`/admin/${chunk}`), chunk).toBeDefined();
    }
  });

  it('ships what the build knew of every entry for the editor’s checks, naming no draft', () => {
    const site = JSON.parse(builtText('/admin/site.json')) as {
      entries: { file: string; placement: { draft?: boolean; title?: string } }[];
    };
    const files = ['recipes', 'blog', 'team', 'site'].flatMap((collection) =>
      readdirSync(`src/content/${collection}`).map((name) => `src/content/${collection}/${name}`),
    );
    expect(site.entries).toHaveLength(files.length);
    const drafts = site.entries.filter((entry) => entry.placement.draft);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      expect(files).not.toContain(draft.file);
      expect(draft.placement.title).toBeUndefined();
    }
    const named = site.entries.filter((entry) => files.includes(entry.file));
    expect(named).toHaveLength(files.length - drafts.length);
  });

  it.each(visitorPages)('adds nothing to what %s loads', (path) => {
    const html = builtText(path);
    expect(html).not.toMatch(/\/admin\/|decap/i);
  });
});
