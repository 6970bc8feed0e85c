import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

const markers = (name: string) => [`<!-- ${name}:begin -->`, `<!-- ${name}:end -->`] as const;

/** The text between `<!-- name:begin -->` and `<!-- name:end -->` in a Markdown file, or ''. */
export function readDocSection(file: string, name: string): string {
  const [begin, end] = markers(name);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return text.includes(begin) ? (text.split(begin)[1]?.split(end)[0] ?? '') : '';
}

/**
 * Replaces the text between `<!-- name:begin -->` and `<!-- name:end -->` in a Markdown file,
 * leaving the rest as written by hand, and formats the file as `npm run format` would, so a
 * benchmark run never fails the format check. Adds the markers at the end if they are missing.
 */
export async function writeDocSection(file: string, name: string, content: string) {
  const [begin, end] = markers(name);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [before, rest] = text.includes(begin) ? text.split(begin) : [`${text}\n`, end];
  const after = rest!.split(end)[1] ?? '';
  const updated = `${before}${begin}\n${content.trim()}\n${end}${after}`;
  writeFileSync(file, await format(updated, { ...(await resolveConfig(file)), filepath: file }));
}

/** A Markdown table; columns after the first are right-aligned, as they hold figures. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]) {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = head.map((_, i) => (i === 0 ? '---' : '---:'));
  return [line(head), line(rule), ...rows.map(line)].join('\n');
}

/** The body rows of the Markdown table in `text`, each as its trimmed cells. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}
