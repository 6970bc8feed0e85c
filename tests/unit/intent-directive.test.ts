/** How `client:intent` finds an island's whole module graph from the build's list of imports. */
import { describe, expect, it } from 'vitest';
import { moduleGraph } from '@/browser/intent-directive';

const listing = new URL('https://bites.test/_astro/module-imports.json');
const at = (file: string) => new URL(file, listing);

describe('moduleGraph', () => {
  it('follows imports through every level, once each', () => {
    const imports = {
      'Toaster.js': ['react-dom.js', 'sonner.js'],
      'sonner.js': ['react-dom.js'],
      'react-dom.js': ['scheduler.js'],
    };
    expect(moduleGraph([at('client.js'), at('Toaster.js')], imports, listing)).toEqual([
      at('client.js').href,
      at('Toaster.js').href,
      at('react-dom.js').href,
      at('scheduler.js').href,
      at('sonner.js').href,
    ]);
  });

  it('keeps to the entries when there is no list, as in astro dev', () => {
    expect(moduleGraph([at('client.js')], {}, listing)).toEqual([at('client.js').href]);
  });

  it('resolves imports outside the listing folder, and ignores entries it does not list', () => {
    const imports = { 'Toaster.js': ['../vendor/react.js'] };
    const graph = moduleGraph(
      [at('Toaster.js'), new URL('https://bites.test/other/x.js')],
      imports,
      listing,
    );
    expect(graph).toEqual([
      at('Toaster.js').href,
      'https://bites.test/vendor/react.js',
      'https://bites.test/other/x.js',
    ]);
  });
});
