import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse } from 'yaml';

/** One content file as a writer committed it: its id, path, frontmatter (or YAML data) and body. */
export type RawEntry = { id: string; filePath: string; data: unknown; body: string };

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Reads every entry of a collection folder straight from disk, as the glob loader would. */
export function readCollection(dir: string): RawEntry[] {
  return readdirSync(dir)
    .filter((name) => ['.mdx', '.yaml'].includes(extname(name)))
    .sort()
    .map((name) => {
      const filePath = join(dir, name);
      const text = readFileSync(filePath, 'utf8');
      const id = basename(name, extname(name));
      if (extname(name) === '.yaml') return { id, filePath, data: parse(text), body: '' };
      const match = FRONTMATTER.exec(text);
      if (!match) throw new Error(`${filePath}: no frontmatter block`);
      return { id, filePath, data: parse(match[1] ?? ''), body: match[2] ?? '' };
    });
}
