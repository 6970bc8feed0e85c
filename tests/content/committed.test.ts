/** The content as committed passes the same check a writer's pull request gets. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { normalise } from '../../src/lib/frontmatter';
import { parseSource } from '../../src/loaders/source';
import { projectRoot } from '../../scripts/lib/scratch-project.ts';
import { astro } from '../support/astro-cli';
import { scratchProject } from './scratch';

vi.setConfig({ testTimeout: 240_000 });

it('passes npm run check:content: schemas, references, photos, MDX bodies and page counts', () => {
  const { status, output } = astro(scratchProject(), 'sync');
  expect(status, output).toBe(0);
  expect(output).toMatch(/Read \d+ blog, \d+ recipes, 1 site, \d+ team entries\./);
});

it("reads every committed entry's fields exactly as YAML's own parser does", () => {
  const content = join(projectRoot, 'src/content');
  const files = readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mdx?|ya?ml)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(25);
  for (const path of files) {
    const file = relative(projectRoot, path);
    const text = normalise(readFileSync(path, 'utf8'));
    const yaml = /\.ya?ml$/.test(file) ? text : (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '');
    const source = parseSource(file, text);
    expect(Array.isArray(source), file).toBe(false);
    expect(Array.isArray(source) ? undefined : source.data, file).toEqual(
      parseDocument(yaml).toJS(),
    );
  }
});
