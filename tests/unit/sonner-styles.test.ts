/**
 * The one place the site depends on how sonner is built: its JavaScript injects its stylesheet,
 * and src/integrations/sonner-styles.ts removes that so the stylesheet can be served as CSS.
 * After a sonner upgrade, this says whether that still holds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sonnerStaticStyles } from '@/integrations/sonner-styles';

const require = createRequire(import.meta.url);
const sonnerBundle = require.resolve('sonner').replace(/index\.js$/, 'index.mjs');

function transform(code: string, id = sonnerBundle) {
  const { handler } = sonnerStaticStyles().transform as {
    handler: (code: string, id: string) => { code: string };
  };
  return handler(code, id).code;
}

describe('sonnerStaticStyles', () => {
  it('removes the stylesheet injection from the installed sonner', () => {
    const installed = readFileSync(sonnerBundle, 'utf8');
    expect(installed, 'sonner no longer injects its CSS; see sonner-styles.ts').toContain(
      '__insertCSS(',
    );
    const served = transform(installed);
    expect(served).not.toMatch(/__insertCSS\("/);
    expect(served.length).toBeLessThan(installed.length);
  });

  it('fails the build, naming the file to update, when the injection changes', () => {
    expect(() => transform('export const toast = () => {};')).toThrow(
      /no longer injects CSS the expected way; update src\/integrations\/sonner-styles.ts/,
    );
  });

  it('the stylesheet it relies on is published with sonner', () => {
    expect(readFileSync(require.resolve('sonner/dist/styles.css'), 'utf8')).toContain(
      '[data-sonner-toaster]',
    );
  });
});
