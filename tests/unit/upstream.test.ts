/**
 * What the site, its tests and its scripts take from installed packages without a documented
 * promise (docs/ENGINE.md, "What upstream does not promise"), besides Decap's (decap-bundle.test,
 * decap-server.test) and sonner's stylesheet (sonner-styles.test): files run or read by their
 * path in node_modules, the React renderer's client module, the module and file `astro dev` keeps
 * its content store in, and sonner's markup the browser tests find toasts by. Each is checked on
 * the installed version, so an upgrade fails here by name.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import react from '@astrojs/react';
import { describe, expect, it } from 'vitest';
import { STORE_MODULE, storeFile } from '@/integrations/fresh-store';
import { toasterCodeList } from '@/integrations/island-code';
import { tableRows } from '../../scripts/lib/doc-section.ts';
import { FONT_SUBSETS } from '../../scripts/lib/font-subsets.ts';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '../..');
const packageFolder = (name: string) => dirname(require.resolve(`${name}/package.json`));
const sameFile = (a: string, b: string) => realpathSync(a) === realpathSync(b);

describe('files run or read from node_modules by their path', () => {
  it('node_modules/astro/bin/astro.mjs is the command astro declares (its package.json bin)', () => {
    // Run with `process.execPath`, so the project's Node runs Astro, not the one on PATH.
    const { bin } = require('astro/package.json') as { bin: Record<string, string> };
    expect(
      sameFile(
        join(packageFolder('astro'), bin['astro']!),
        join(root, 'node_modules/astro/bin/astro.mjs'),
      ),
    ).toBe(true);
  });

  it("vnu-jar/build/dist/vnu.jar is the Nu Html Checker's jar the package names, a Java archive", () => {
    const jar = require.resolve('vnu-jar/build/dist/vnu.jar');
    // The package's main module is the jar's path (with its `vnu.check()` beside it).
    expect(sameFile(String(require('vnu-jar')), jar)).toBe(true);
    expect(readFileSync(jar).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it.each(FONT_SUBSETS)(
    '$source is one of the font files @fontsource exports, a WOFF2',
    ({ source }) => {
      const exported = require.resolve(source.replace(/^node_modules\//, ''));
      expect(sameFile(exported, join(root, source))).toBe(true);
      expect(readFileSync(exported).subarray(0, 4).toString('latin1')).toBe('wOF2');
    },
  );
});

describe("astro dev's content store, which src/integrations/fresh-store.ts invalidates", () => {
  const content = join(packageFolder('astro'), 'dist/content');

  it('is the module \\0astro:data-layer-content, read from .astro/data-store.json', () => {
    const consts = readFileSync(join(content, 'consts.js'), 'utf8');
    expect(consts).toContain('DATA_STORE_VIRTUAL_ID = "astro:data-layer-content"');
    expect(consts).toContain('RESOLVED_DATA_STORE_VIRTUAL_ID = "\\0" + DATA_STORE_VIRTUAL_ID');
    expect(STORE_MODULE).toBe('\0astro:data-layer-content');
    expect(consts).toContain('DATA_STORE_FILE = "data-store.json"');
    const paths = readFileSync(join(content, 'paths.js'), 'utf8');
    expect(paths).toContain('new URL(DATA_STORE_FILE, isDev ? settings.dotAstroDir');
    expect(storeFile(root)).toBe(join(root, '.astro/data-store.json'));
  });

  it("is kept by each environment's module runner, which Vite's server tells its copy is current from its own cache", () => {
    const vite = join(packageFolder('vite'), 'dist/node');
    const runner = readFileSync(join(vite, 'module-runner.js'), 'utf8');
    // The runner asks whether its evaluated copy is current, and keeps it when the server says so.
    expect(runner).toContain('cached: isCached');
    expect(runner).toContain('"cache" in fetchedModule');
    const chunks = join(vite, 'chunks');
    const server = readdirSync(chunks).map((file) => readFileSync(join(chunks, file), 'utf8'));
    expect(server.join('\n')).toContain('if (options.cached && cached) return { cache: true };');
    // Astro drops the runner's copy when it writes the store; fresh-store.ts does so after.
    const plugin = readFileSync(join(content, 'vite-plugin-content-virtual-mod.js'), 'utf8');
    expect(plugin).toContain('environment.runner.evaluatedModules.invalidateModule(runnerModule)');
  });
});

describe("the toaster's code list (src/integrations/island-code.ts)", () => {
  it('lists the client module @astrojs/react hydrates islands with', async () => {
    const renderers: { clientEntrypoint?: string }[] = [];
    react().hooks['astro:config:setup']!({
      command: 'build',
      addRenderer: (renderer: { clientEntrypoint?: string }) => renderers.push(renderer),
      updateConfig: () => undefined,
      injectScript: () => undefined,
    } as never);
    expect(renderers.map((renderer) => renderer.clientEntrypoint)).toEqual([expect.any(String)]);
    const asked: string[] = [];
    const { buildStart } = toasterCodeList() as unknown as {
      buildStart: (this: unknown) => Promise<void>;
    };
    await buildStart.call({
      environment: { config: { consumer: 'client' } },
      resolve: async (id: string) => (asked.push(id), { id }),
    });
    expect(asked).toEqual([renderers[0]!.clientEntrypoint]);
  });
});

describe("sonner's markup, which the browser tests find toasts by (tests/e2e/helpers.ts)", () => {
  const sonner = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');

  it.each([
    ['the toaster is a region labelled "Notifications …"', "containerAriaLabel = 'Notifications'"],
    ['a toast is marked data-sonner-toast', '"data-sonner-toast": ""'],
    ['a toast leaving is marked data-removed', '"data-removed": removed'],
    ['a toast beyond visibleToasts is marked data-visible', '"data-visible": isVisible'],
    ['its close button is labelled "Close toast"', "closeButtonAriaLabel = 'Close toast'"],
    ['a swipe dismisses from 45 px (tests/e2e/toasts.spec.ts)', 'SWIPE_THRESHOLD = 45;'],
  ])('%s', (_, code) => {
    expect(sonner).toContain(code);
  });
});

describe('docs/ENGINE.md’s table of what upstream does not promise', () => {
  const engine = readFileSync(join(root, 'docs/ENGINE.md'), 'utf8');
  const section = engine.split('## What upstream does not promise')[1]?.split('\n## ')[0] ?? '';
  const rows = tableRows(section);

  it.each(rows.map((row) => [row[0]!.slice(0, 80), row]))(
    '%s… names files that are there, and a test that fails',
    (_, [, where = '', fails = '']) => {
      const files = [...`${where} ${fails}`.matchAll(/`((?:src|tests|scripts)\/[^`*]+)`/g)].map(
        (match) => match[1]!,
      );
      for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
      expect(files.filter((file) => /\.(test|spec)\.tsx?$/.test(file)).length).toBeGreaterThan(0);
    },
  );

  it('has its rows', () => {
    expect(rows.length).toBeGreaterThan(25);
  });
});
