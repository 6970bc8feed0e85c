/**
 * Decap's script as the editor builds it (src/editor/node/decap-app.ts): only the widgets and
 * backends the configuration names, and a build that stops, naming it, when the configuration
 * names one the script does not register.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { jsonSchemas } from '@/editor/browser/schemas';
import { editorConfig } from '@/editor/node/config';
import {
  assertBuilt,
  decapAppSource,
  missingFromBuild,
  partsImported,
  partsNamed,
} from '@/editor/node/decap-app';

// The schemas' references, read as the editor's browser code reads them.
vi.mock('astro:content', () => import('@/editor/browser/stand-ins'));

const config = editorConfig(jsonSchemas(), { localPort: 8081 });
/** What the script registers, by the packages its source imports. */
const registered = partsImported(
  [...readFileSync(decapAppSource, 'utf8').matchAll(/(?:from |import\()'([^']+)'/g)].map(
    (match) => match[1]!,
  ),
);

describe("Decap's script, built with only what the editor's configuration names", () => {
  it('registers every widget and backend the real configuration names', () => {
    const named = partsNamed(config);
    expect(named.widgets).toEqual(
      expect.arrayContaining(['string', 'markdown', 'image', 'relation', 'list', 'object']),
    );
    expect(named.backends).toEqual(['github', 'proxy']);
    expect(missingFromBuild(config, registered)).toEqual([]);
    expect(() => assertBuilt(config, registered)).not.toThrow();
  });

  it('names a widget the configuration uses, even in a list or a group, that the build left out', () => {
    const withMap = {
      ...config,
      collections: [
        ...config.collections,
        {
          fields: [
            { widget: 'list', field: { widget: 'map' } },
            { widget: 'object', fields: [{ widget: 'code' }, { widget: 'string' }] },
          ],
        },
      ],
    };
    expect(missingFromBuild(withMap, registered)).toEqual(['widget "map"', 'widget "code"']);
    expect(() => assertBuilt(withMap, registered)).toThrow(/names widget "map", widget "code"/);
  });

  it('names a backend the configuration saves with that the build left out', () => {
    const onGitLab = { ...config, backend: { ...config.backend, name: 'gitlab' } };
    expect(missingFromBuild(onGitLab, registered)).toEqual(['backend "gitlab"']);
    const noProxy = { ...registered, backends: ['github'] };
    expect(missingFromBuild(config, noProxy)).toEqual(['backend "proxy"']);
    expect(() => assertBuilt(config, noProxy)).toThrow(/backend "proxy"/);
  });

  it('reads what a script registers from the Decap packages it imports', () => {
    expect(
      partsImported([
        'decap-cms-core',
        'decap-cms-widget-string',
        'decap-cms-widget-markdown/dist/esm/schema',
        'decap-cms-backend-github',
        'react',
      ]),
    ).toEqual({ widgets: ['string'], backends: ['github'] });
  });
});
