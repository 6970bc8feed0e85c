/**
 * Every package the code imports is declared in package.json. An undeclared one works only while
 * npm happens to hoist it from another package's dependencies, and breaks on the next upgrade.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.devDependencies),
]);

const code = /\.(ts|tsx|mts|js|mjs|astro)$/;
const files = [
  ...['src', 'scripts', 'tests'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && code.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  ),
  ...readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && code.test(entry.name))
    .map((entry) => join(root, entry.name)),
];

// `from 'x'`, `import 'x'`, `import('x')`, `vi.mock('x')`: static, side-effect and dynamic imports.
const specifiers =
  /\bfrom\s+["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']|\bvi\.mock\(\s*["']([^"']+)["']/g;

// Comments, which may quote an import as an example; `://` in an address is not one.
const comments = /\/\*[\s\S]*?\*\/|(?<!:)\/\/.*$/gm;

/** `@scope/pkg/sub` → `@scope/pkg`, `pkg/sub` → `pkg`; undefined for paths and virtual modules. */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|@\/|node:|astro:|virtual:)/.test(specifier)) return undefined;
  // Not a name at all: a template's `${library}`, or a list of words that happens to follow `import`.
  if (!/^(@[\w.-]+\/)?[\w.-]+(\/[^\s]*)?$/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

describe('package.json', () => {
  it('declares every package the code imports', () => {
    const undeclared = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').replace(comments, '').matchAll(specifiers)]
        .map((match) => packageOf(match[1] ?? match[2] ?? match[3] ?? ''))
        .filter((name): name is string => !!name && !declared.has(name))
        .map((name) => `${relative(root, file)} imports ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});
