/**
 * YAML as the web editor prints it afresh (a new entry, or a value that changed kind), and
 * positions in a YAML text, for patching it in place (yaml-patch.ts).
 */
import { stringify } from 'yaml';
import type { Data } from './values';

/** The editor's printing: no folded lines, single quotes only where needed. */
export const printOptions = { lineWidth: 0, singleQuote: true } as const;

/** `data`'s keys in the schema's order (Decap's `sortedKeys`), unknown keys after. */
export function inOrder(data: Data, order: string[]): Data {
  const rank = (key: string) => order.indexOf(key) + 1 || order.length + 1;
  return Object.fromEntries(Object.entries(data).sort(([a], [b]) => rank(a) - rank(b)));
}

export function freshYaml(data: Data, order: string[]): string {
  return stringify(inOrder(data, order), printOptions);
}

export function lineStart(src: string, index: number): number {
  return src.lastIndexOf('\n', index - 1) + 1;
}

/** The index after the line break that ends the line holding `index` (or the text's end). */
export function lineAfter(src: string, index: number): number {
  const end = src.indexOf('\n', index);
  return end === -1 ? src.length : end + 1;
}

export function columnOf(src: string, index: number): number {
  return index - lineStart(src, index);
}

/** `text` with its lines, from line `from` on, indented by `column` spaces (blank lines left). */
export function indentLines(text: string, column: number, from = 0): string {
  const pad = ' '.repeat(column);
  return text
    .split('\n')
    .map((line, index) => (index >= from && line ? pad + line : line))
    .join('\n');
}
