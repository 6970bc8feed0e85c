/**
 * The web editor's page in the build (/admin/, src/editor/): kept from search
 * engines, under its own content security policy, and apart from what visitors load.
 */
import { readdirSync } from 'node:fs';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { builtFile, builtPages, builtText, page } from './built';

const visitorPages = builtPages.filter((path) => !path.startsWith('/admin'));

/** The files one of our scripts in /admin/ imports: at once (static), or when asked (dynamic). */
function importsOf(name: string) {
  const imports = { static: [] as string[], dynamic: [] as string[] };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { type, source } = node as { type?: string; source?: { value?: unknown } };
    const from = typeof source?.value === 'string' ? source.value.replace(/^\.\//, '') : undefined;
    if (from && type === 'ImportExpression') imports.dynamic.push(from);
    else if (from && /^(Import|Export\w+)Declaration$/.test(type ?? '')) imports.static.push(from);
    Object.values(node).forEach(visit);
  };
  visit(parse(builtText(`/admin/${name}`), { ecmaVersion: 'latest', sourceType: 'module' }));
  return imports;
}

/** `names`, and every file they import at once, and those import at once, and so on. */
function withStaticImports(names: string[]) {
  const all = new Set(names);
  for (const name of all) for (const file of importsOf(name).static) all.add(file);
  return [...all];
}

/** React DOM's client, in our scripts: the name it marks each root's container with. */
const reactDom = '__reactContainer$';

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
      './decap.js',
    ]);
    // Deferred: the page paints first, and both download side by side. Both are module scripts,
    // deferred by nature and run in order (never async): ours first, then Decap's.
    for (const script of scripts) {
      expect(script.getAttribute('type')).toBe('module');
      expect(script.hasAttribute('async')).toBe(false);
    }
  });

  it('loads none of the preview’s React before the list: it comes when a preview is opened', () => {
    const beforeList = withStaticImports(['editor.js']);
    for (const name of beforeList)
      expect(builtText(`/admin/${name}`), name).not.toContain(reactDom);
    const onDemand = beforeList.flatMap((name) => importsOf(name).dynamic);
    expect(onDemand.length).toBeGreaterThan(0);
    const preview = withStaticImports(onDemand).filter((name) => !beforeList.includes(name));
    expect(preview.some((name) => builtText(`/admin/${name}`).includes(reactDom))).toBe(true);
  });

  it('ships every file our scripts and Decap’s import, under the name they ask for', () => {
    const scripts = new Set(['editor.js', 'decap.js']);
    for (const name of scripts) {
      expect(builtFile(`/admin/${name}`), name).toBeDefined();
      const { static: now, dynamic: later } = importsOf(name);
      for (const file of [...now, ...later]) scripts.add(file);
    }
    expect(scripts.size).toBeGreaterThan(2);
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
    expect(builtFile('/admin/decap.js')).toBeDefined();
  });

  // The photo encoder in Decap's chunks fetches its WebAssembly from beside itself
  // (`new URL("….wasm", import.meta.url)`): the build ships each under that name.
  it('ships the WebAssembly Decap’s chunks ask for, under the name they ask for', () => {
    const scripts = new Set(['decap.js']);
    for (const name of scripts) {
      const { static: now, dynamic: later } = importsOf(name);
      for (const file of [...now, ...later]) scripts.add(file);
    }
    const wasm = [...scripts].flatMap((name) =>
      [...builtText(`/admin/${name}`).matchAll(/new URL\("([\w.-]+\.wasm)"/g)].map((m) => m[1]!),
    );
    expect(wasm.length).toBeGreaterThan(0);
    for (const file of wasm) expect(builtFile(`/admin/${file}`), file).toBeDefined();
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
