/**
 * Block text in YAML (`>-`, `|`) written anew in the style it had: the same header and
 * indentation. Literal text keeps its lines; in folded text only the lines holding changed words
 * are re-folded, at the original's width. Used by yaml-patch.ts for a changed block value.
 */
import type { Scalar } from 'yaml';
import { same, sharedEnds } from './values';
import { lineStart } from './yaml-text';

/** Folded text is re-folded at its longest line, and at no fewer columns than this. */
const minimumWidth = 80;

export const isBlock = (node: Scalar) =>
  node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL';

/** Where a block's text ends: before its last line break. */
export function blockEnd(node: Scalar, src: string): number {
  const end = node.range![1];
  return src[end - 1] === '\n' ? end - 1 : end;
}

export function blockText(node: Scalar, value: string, src: string): string {
  const [start] = node.range!;
  const headerEnd = src.indexOf('\n', start);
  const header = src.slice(start, headerEnd === -1 ? undefined : headerEnd);
  const lines = headerEnd === -1 ? [] : src.slice(headerEnd + 1, blockEnd(node, src)).split('\n');
  const indent =
    /^ */.exec(lines.find((line) => line.trim()) ?? '')?.[0] ||
    ' '.repeat((/^ */.exec(src.slice(lineStart(src, start)))?.[0].length ?? 0) + 2);
  const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const newHeader = header.replace(/^([|>][1-9]?)[+-]?([1-9]?)/, `$1${chomp}$2`);
  const text = value.slice(0, value.length - trailing);
  const body =
    node.type === 'BLOCK_LITERAL'
      ? text.split('\n')
      : foldedLines(text, lines, indent.length, String(node.value));
  const extra = trailing > 1 ? Array<string>(trailing - 1).fill('') : [];
  return [newHeader, ...[...body, ...extra].map((line) => (line ? indent + line : ''))].join('\n');
}

/**
 * The lines of folded text: each line break in the value takes a blank line; each paragraph is
 * folded at the width of the original's longest line (at least 80), keeping the original's lines
 * except those holding changed words.
 */
function foldedLines(text: string, oldLines: string[], indent: number, oldValue: string) {
  const oldParagraphs = paragraphsOf(oldLines.map((line) => line.slice(indent)));
  const oldTexts = oldParagraphs.map((lines) => lines.join(' '));
  const readable = same(oldTexts, oldValue.split(/\n+/).filter(Boolean));
  const width = Math.max(minimumWidth, ...oldLines.map((line) => line.length)) - indent;
  let paragraph = 0;
  return text
    .replace(/\n+/g, '\n$&')
    .split('\n')
    .flatMap((line) => {
      if (!line) return [''];
      const old = readable ? oldParagraphs[paragraph] : undefined;
      paragraph += 1;
      return refold(line, old ?? [], width);
    });
}

/** Runs of non-blank lines. */
function paragraphsOf(lines: string[]): string[][] {
  const text = lines.join('\n').replace(/^\n+|\n+$/g, '');
  return text ? text.split(/\n\n+/).map((paragraph) => paragraph.split('\n')) : [];
}

/**
 * `paragraph` in lines of at most `width`: the old lines holding changed words are filled again;
 * if they no longer fit in as many lines, the next old lines are taken in until they do.
 */
function refold(paragraph: string, oldLines: string[], width: number): string[] {
  if (/^\s|\s$|\s\s|[\t\n]/.test(paragraph)) return [paragraph];
  const words = paragraph.split(' ');
  const oldWords = oldLines.flatMap((line) => line.split(' '));
  if (!oldLines.length || oldWords.some((word) => !word)) return fill(words, width);
  const [head, tail] = sharedEnds(words, oldWords);
  const starts = oldLines.map((_, index) =>
    oldLines.slice(0, index).reduce((sum, line) => sum + line.split(' ').length, 0),
  );
  const lineOf = (word: number) => starts.findLastIndex((start) => start <= word);
  const first = lineOf(Math.max(0, Math.min(head, oldWords.length - 1)));
  let last = Math.max(first, lineOf(oldWords.length - tail - 1));
  const oldEnd = starts[last + 1] ?? oldWords.length;
  let middle = words.slice(starts[first], oldEnd + words.length - oldWords.length);
  let lines = fill(middle, width);
  while (lines.length > last - first + 1 && last + 1 < oldLines.length) {
    last += 1;
    middle = [...middle, ...oldLines[last]!.split(' ')];
    lines = fill(middle, width);
  }
  return [...oldLines.slice(0, first), ...lines, ...oldLines.slice(last + 1)];
}

/** Words in lines of at most `width` characters (a longer word has a line of its own). */
function fill(words: string[], width: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const joined = `${lines.at(-1) ?? ''} ${word}`;
    if (lines.length && joined.length <= width) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines;
}
