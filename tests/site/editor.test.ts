/**
 * The web editor's page in the build (/admin/, src/integrations/editor.ts): kept from search
 * engines, under its own content security policy, and apart from what visitors load.
 */
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

  it.each(visitorPages)('adds nothing to what %s loads', (path) => {
    const html = builtText(path);
    expect(html).not.toMatch(/\/admin\/|decap/i);
  });
});
