/**
 * The one place the site depends on how sonner is built: its JavaScript injects its stylesheet,
 * and src/integrations/sonner-styles.ts removes that so the stylesheet can be served as CSS.
 * After a sonner upgrade, this says whether that still holds, and that a build whose sonner has
 * changed fails, saying what it expected.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sonnerStaticStyles } from '@/integrations/sonner-styles';

const require = createRequire(import.meta.url);
const sonnerBundle = require.resolve('sonner').replace(/index\.js$/, 'index.mjs');
const installed = readFileSync(sonnerBundle, 'utf8');

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/**
 * One environment of a build through the plugin, as Vite runs it: buildStart, then each module's
 * transform, then buildEnd. Returns each module's code as the plugin leaves it.
 */
function build(modules: Record<string, string>, mode: 'build' | 'dev' = 'build') {
  const plugin = sonnerStaticStyles();
  const context = { environment: { name: 'client', mode } };
  const hook = (name: 'buildStart' | 'buildEnd') => plugin[name] as Hook;
  const { filter, handler } = plugin.transform as { filter: { id: RegExp }; handler: Hook };
  hook('buildStart').call(context);
  const output: Record<string, string> = {};
  for (const [id, code] of Object.entries(modules)) {
    const result = filter.id.test(id)
      ? (handler.call(context, code, id) as { code: string })
      : null;
    output[id] = result?.code ?? code;
  }
  hook('buildEnd').call(context);
  return output;
}

describe('sonnerStaticStyles', () => {
  it('removes the stylesheet injection from the installed sonner', () => {
    expect(installed, 'sonner no longer injects its CSS; see sonner-styles.ts').toContain(
      '__insertCSS(',
    );
    const served = build({ [sonnerBundle]: installed })[sonnerBundle]!;
    expect(served).not.toMatch(/__insertCSS\("/);
    expect(served.length).toBeLessThan(installed.length);
  });

  it('fails the build, naming the file to update, when the injection changes', () => {
    expect(() => build({ [sonnerBundle]: 'export const toast = () => {};' })).toThrow(
      /no longer injects CSS the expected way; update src\/integrations\/sonner-styles.ts/,
    );
  });

  it('fails the build, saying what it expected and what it found, when sonner renames its bundle', () => {
    const renamed = join(dirname(sonnerBundle), 'sonner.esm.mjs');
    expect(() => build({ [renamed]: installed })).toThrow(
      `sonner-styles: expected to rewrite sonner's dist/index.mjs (or dist/index.js), which ` +
        `injects its stylesheet, but this build took in sonner's ${renamed} instead; ` +
        `update src/integrations/sonner-styles.ts`,
    );
  });

  it('leaves alone a build without sonner’s code, and the dev server', () => {
    expect(build({ '/project/src/pages/index.ts': 'export {};' })).toEqual({
      '/project/src/pages/index.ts': 'export {};',
    });
    const renamed = join(dirname(sonnerBundle), 'sonner.esm.mjs');
    expect(build({ [renamed]: installed }, 'dev')[renamed]).toBe(installed);
  });

  it('the stylesheet it relies on is published with sonner', () => {
    expect(readFileSync(require.resolve('sonner/dist/styles.css'), 'utf8')).toContain(
      '[data-sonner-toaster]',
    );
  });
});
