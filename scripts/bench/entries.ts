/** Finding, on a built or served page, an entry to edit, and the file it comes from. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The title of the first card on a page: the first `<h3>` inside an `<article>`. */
export function firstCardTitle(html: string): string {
  const title = /<article [\s\S]*?<h3[^>]*>([^<]+)<\/h3>/.exec(html)?.[1];
  if (!title) throw new Error('bench: the page has no card');
  return title.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

/** The title in a Markdown file's frontmatter. */
function titleOf(text: string): unknown {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  return frontmatter === undefined ? undefined : (parse(frontmatter) as { title?: unknown })?.title;
}

/** The entry file under `folder` of `dir` whose frontmatter has `title`, relative to `dir`. */
export function fileWithTitle(dir: string, folder: string, title: string): string {
  for (const entry of readdirSync(join(dir, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    if (text.includes(title) && titleOf(text) === title) return relative(dir, path);
  }
  throw new Error(`bench: no file in ${folder} has the title "${title}"`);
}
