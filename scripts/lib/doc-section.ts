import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces the text between `<!-- name:begin -->` and `<!-- name:end -->` in a Markdown file,
 * leaving the rest as written by hand. Adds the markers at the end if they are missing.
 */
export function writeDocSection(file: string, name: string, content: string): void {
  const [begin, end] = [`<!-- ${name}:begin -->`, `<!-- ${name}:end -->`];
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [before, rest] = text.includes(begin) ? text.split(begin) : [`${text}\n`, end];
  const after = rest!.split(end)[1] ?? '';
  writeFileSync(file, `${before}${begin}\n${content.trim()}\n${end}${after}`);
}

/** A Markdown table; columns after the first are right-aligned, as they hold figures. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]) {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = head.map((_, i) => (i === 0 ? '---' : '---:'));
  return [line(head), line(rule), ...rows.map(line)].join('\n');
}
