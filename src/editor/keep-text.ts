/**
 * How the web editor writes an entry back: by patching the file it read, so that only the values
 * the writer changed change, byte for byte. Comments, quotes, folded text, blank lines, key order
 * and the body stay as they were. A new file (no original) is printed as the editor always has.
 * Pure: no DOM and no Node module, as it is bundled for the browser.
 *
 * Every patched YAML text is read back before it is returned; if it would not read as the data
 * (a case the patching does not handle), the YAML is printed afresh instead, so a save is never
 * wrong, only sometimes less tidy. A removed key takes its own lines only: a comment above it
 * stays. A value that changes kind (text to a list, a block list emptied) is written afresh in
 * its place, as are keys and list items added.
 */
import { isMap, isScalar, isSeq, parseDocument, stringify } from 'yaml';
import type { Document, Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';

type Data = Record<string, unknown>;
/** Replace `start`..`end` of the source with `text`; an insertion when both are equal. */
type Edit = { start: number; end: number; text: string };
/** The YAML text being patched, its parsed document, and the edits made so far. */
type Patch = { src: string; doc: Document; edits: Edit[] };
/** Writes a value in place of a whole node (a key and its value, a list item, a flow value). */
type Reprint = (value: unknown) => void;

/** The editor's printing: no folded lines, single quotes only where needed. */
const printOptions = { lineWidth: 0, singleQuote: true } as const;
/** Folded text is re-folded at its longest line, and at no fewer columns than this. */
const minimumWidth = 80;

/** YAML text for `data`: `original` with only the changed values' text replaced; a fresh print when there is no original. */
export function keptYaml(
  original: string | undefined,
  data: Record<string, unknown>,
  order: string[],
): string {
  if (original === undefined) return freshYaml(data, order);
  return withLineEndings(original, (text) => patchYaml(text, data, order));
}

/** A Markdown/MDX entry file: frontmatter patched as keptYaml does, the body kept byte for byte unless it changed. */
export function keptEntryFile(
  original: string | undefined,
  data: Record<string, unknown>,
  body: string,
  order: string[],
): string {
  if (original === undefined) return freshEntryFile(data, body, order);
  return withLineEndings(original, (text) => patchEntry(text, data, body, order));
}

// ---------------------------------------------------------------------------------------------
// Printing afresh, as the editor did before it kept files' text.

/** `data`'s keys in the schema's order (Decap's `sortedKeys`), unknown keys after. */
function inOrder(data: Data, order: string[]): Data {
  const rank = (key: string) => order.indexOf(key) + 1 || order.length + 1;
  return Object.fromEntries(Object.entries(data).sort(([a], [b]) => rank(a) - rank(b)));
}

function freshYaml(data: Data, order: string[]): string {
  return stringify(inOrder(data, order), printOptions);
}

function freshEntryFile(data: Data, body: string, order: string[]): string {
  const text = String(body).trim();
  return `---\n${freshYaml(data, order)}---\n${text ? `\n${text}\n` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Line endings: the text is patched normalised (LF, no BOM); a BOM and CRLF are put back when
// the original had them. A file mixing CRLF and LF comes back with LF only.

function withLineEndings(original: string, patch: (text: string) => string): string {
  const text = normalise(original);
  const bom = original.startsWith('\uFEFF') ? '\uFEFF' : '';
  const crlf = original.includes('\r\n') && !/(^|[^\r])\n|\r(?!\n)/.test(original);
  const patched = patch(text);
  return bom + (crlf ? patched.replaceAll('\n', '\r\n') : patched);
}

// ---------------------------------------------------------------------------------------------
// Entry files: frontmatter, then the body.

function patchEntry(text: string, data: Data, body: string, order: string[]): string {
  const parts = splitFrontmatter(text);
  if (!parts) return freshEntryFile(data, body, order);
  const lines = text.split('\n');
  const offset = (line: number) =>
    Math.min(
      lines.slice(0, line).reduce((sum, each) => sum + each.length + 1, 0),
      text.length,
    );
  const close = parts.bodyLine - 2;
  const [yamlStart, closeStart, bodyStart] = [offset(1), offset(close), offset(close + 1)];
  const yaml = patchYaml(text.slice(yamlStart, closeStart), data, order);
  return (
    text.slice(0, yamlStart) + yaml + keptBody(text.slice(closeStart, bodyStart), parts.body, body)
  );
}

/**
 * The closing `---` line and the body. The editor reads the body without the blank lines after
 * `---`; if the body it hands back is that text (trailing whitespace aside), the original stays.
 */
function keptBody(closeLine: string, original: string, body: string): string {
  const separator = /^\n*/.exec(original)?.[0] ?? '';
  const rest = original.slice(separator.length);
  if (body.replace(/^\n+/, '').trimEnd() === rest.trimEnd()) return closeLine + original;
  const close = closeLine.endsWith('\n') ? closeLine : `${closeLine}\n`;
  const text = body.replace(/^\s*\n/, '').trimEnd();
  if (!text) return close;
  return `${close}${rest ? separator : '\n'}${text}\n`;
}

// ---------------------------------------------------------------------------------------------
// YAML: edits on the original text, read back before they are trusted.

function patchYaml(text: string, data: Data, order: string[]): string {
  const doc = parseDocument(text);
  if (doc.errors.length) return freshYaml(data, order);
  if (doc.contents === null) {
    if (same({}, data)) return text;
    return `${text && !text.endsWith('\n') ? `${text}\n` : text}${freshYaml(data, order)}`;
  }
  const p: Patch = { src: text, doc, edits: [] };
  const wholeText: Reprint = () =>
    p.edits.push({ start: 0, end: text.length, text: freshYaml(data, order) });
  const sorted = inOrder(data, order);
  if (isMap(doc.contents) && !doc.contents.flow) patchMap(doc.contents, sorted, wholeText, p);
  else wholeText(data);
  const patched = applyEdits(text, p.edits);
  return patched !== undefined && readsAs(patched, data) ? patched : freshYaml(data, order);
}

/** The text with every edit made, in order; undefined if two edits overlap. */
function applyEdits(src: string, edits: Edit[]): string | undefined {
  const removes = (edit: Edit) => Number(edit.end > edit.start);
  const sorted = [...edits].sort((a, b) => a.start - b.start || removes(a) - removes(b));
  let out = '';
  let position = 0;
  for (const edit of sorted) {
    if (edit.start < position) return undefined;
    out += src.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return out + src.slice(position);
}

/** Whether YAML text reads as `value` (in a flow collection when `inFlow`). */
function readsAs(text: string, value: unknown, inFlow = false): boolean {
  try {
    const doc = parseDocument(inFlow ? `[${text}]` : text);
    if (doc.errors.length) return false;
    const read: unknown = doc.toJS();
    return same(inFlow && Array.isArray(read) && read.length === 1 ? read[0] : read, value);
  } catch {
    return false;
  }
}

/** A node's value as plain JavaScript, as the editor reads the file. */
const jsOf = (node: Node, p: Patch): unknown => node.toJS(p.doc);

/** Changes the text of `node` so that it reads as `value`, touching as little as it can. */
function patchNode(node: Node, value: unknown, reprint: Reprint, p: Patch, inFlow: boolean) {
  if (same(jsOf(node, p), value)) return;
  if (isScalar(node) && isScalarValue(value)) patchScalar(node, value, reprint, p, inFlow);
  else if (isMap(node) && isRecord(value)) patchMap(node, value, reprint, p);
  else if (isSeq(node) && Array.isArray(value)) patchSeq(node, value, reprint, p);
  else reprint(value);
}

// ---------------------------------------------------------------------------------------------
// Maps: changed values patched, removed keys' lines removed, new keys inserted after the key
// before them in `value`'s order (the schema's, at the top).

type Keyed = { key: string; pair: Pair<Node, Node | null> };

function patchMap(map: YAMLMap, value: Data, reprint: Reprint, p: Patch) {
  const pairs = map.items as Pair<Node, Node | null>[];
  const keyed = pairs.map((pair) => ({ key: keyOf(pair), pair }));
  if (keyed.some(({ key }) => key === undefined)) return reprint(value);
  const all = keyed as Keyed[];
  const kept = all.filter(({ key }) => value[key] !== undefined);
  const added = Object.keys(value).filter(
    (key) => !all.some((each) => each.key === key) && !isEmpty(value[key]),
  );
  const keysChanged = kept.length !== all.length || added.length > 0;
  if (map.flow && keysChanged) return flowReprint(map, p)(value);
  if (!kept.length) return reprint(value);
  removePairs(all, kept, p);
  for (const { key, pair } of kept) {
    const reprintPair = map.flow ? flowReprint(pair.value, p) : pairReprint(key, pair, p);
    if (pair.value) patchNode(pair.value, value[key], reprintPair, p, Boolean(map.flow));
    else if (!same(null, value[key])) reprintPair(value[key]);
  }
  for (const key of added) insertPair(key, value, kept, p);
}

/** A pair's key as text, if it is a plain value. */
function keyOf(pair: Pair<Node, Node | null>): string | undefined {
  const key = isScalar(pair.key) ? pair.key.value : undefined;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
}

/**
 * Removes the lines of the pairs not kept. The first key of a map written on a list item's line
 * (`- title: …`) is removed up to the next kept key, which moves up onto that line.
 */
function removePairs(all: Keyed[], kept: Keyed[], p: Patch) {
  const first = startOf(all[0]!.pair, p);
  const firstKept = startOf(kept[0]!.pair, p);
  const onItemLine = p.src.slice(lineStart(p.src, first), first).trim() !== '';
  for (const { pair } of all.filter((each) => !kept.includes(each))) {
    const start = startOf(pair, p);
    if (onItemLine && start < firstKept) continue;
    p.edits.push({
      start: lineStart(p.src, start),
      end: lineAfter(p.src, endOf(pair, p)),
      text: '',
    });
  }
  if (onItemLine && first < firstKept) p.edits.push({ start: first, end: firstKept, text: '' });
}

/** Inserts `key` after the kept key before it in `value`'s order, or before the first kept key. */
function insertPair(key: string, value: Data, kept: Keyed[], p: Patch) {
  const keys = Object.keys(value);
  const before = keys.slice(0, keys.indexOf(key)).reverse();
  const anchor = before.map((name) => kept.find((each) => each.key === name)).find(Boolean);
  const column = columnOf(p.src, startOf(kept[0]!.pair, p));
  const text = stringify({ [key]: value[key] }, printOptions);
  insertText(
    text,
    column,
    anchor ? endOf(anchor.pair, p) : undefined,
    startOf(kept[0]!.pair, p),
    p,
  );
}

/** Replaces a key and its value with a fresh print of both, at the same indentation. */
function pairReprint(key: string, pair: Pair<Node, Node | null>, p: Patch): Reprint {
  const start = startOf(pair, p);
  return (value) => {
    const text = stringify({ [key]: value }, printOptions).replace(/\n$/, '');
    p.edits.push({
      start,
      end: endOf(pair, p),
      text: indentLines(text, columnOf(p.src, start), 1),
    });
  };
}

function startOf(pair: Pair<Node, Node | null>, p: Patch): number {
  return rangeOf(pair.key)?.[0] ?? p.src.length;
}

/** Where a pair's text ends: after its value, before any comment on the same line. */
function endOf(pair: Pair<Node, Node | null>, p: Patch): number {
  const keyEnd = rangeOf(pair.key)?.[1] ?? 0;
  return pair.value ? Math.max(keyEnd, contentEnd(pair.value, p)) : keyEnd;
}

// ---------------------------------------------------------------------------------------------
// Lists: the items both lists start and end with are kept; those between are patched one for
// one, and any left over are removed or inserted.

function patchSeq(seq: YAMLSeq, value: unknown[], reprint: Reprint, p: Patch) {
  const items = seq.items as Node[];
  if (seq.flow && items.length !== value.length) return flowReprint(seq, p)(value);
  if (!items.length || !value.length) return reprint(value);
  const old = items.map((item) => jsOf(item, p));
  const shorter = Math.min(old.length, value.length);
  let head = 0;
  while (head < shorter && same(old[head], value[head])) head += 1;
  let tail = 0;
  while (tail < shorter - head && same(old.at(-1 - tail), value.at(-1 - tail))) tail += 1;
  const paired = Math.min(old.length, value.length) - head - tail;
  for (let index = head; index < head + paired; index += 1) {
    const item = items[index]!;
    const reprintItem = seq.flow ? flowReprint(item, p) : itemReprint(item, p);
    patchNode(item, value[index], reprintItem, p, Boolean(seq.flow));
  }
  for (const item of items.slice(head + paired, items.length - tail)) {
    const start = lineStart(p.src, dashOf(item, p));
    p.edits.push({ start, end: lineAfter(p.src, contentEnd(item, p)), text: '' });
  }
  insertItems(seq, value.slice(head + paired, value.length - tail), head + paired - 1, p);
}

/** Inserts new list items after item `after` (or before the first item), printed like it. */
function insertItems(seq: YAMLSeq, values: unknown[], after: number, p: Patch) {
  if (!values.length) return;
  const items = seq.items as Node[];
  const neighbour = items[Math.max(after, 0)]!;
  const text = values.map((value) => itemText(value, neighbour)).join('');
  const firstDash = dashOf(items[0]!, p);
  const end = after >= 0 ? contentEnd(items[after]!, p) : undefined;
  insertText(text, columnOf(p.src, firstDash), end, firstDash, p);
}

/** A list item as a fresh print would write it, or in flow style if its neighbour is. */
function itemText(value: unknown, neighbour: Node): string {
  const flowNeighbour = (isMap(neighbour) || isSeq(neighbour)) && neighbour.flow;
  if (flowNeighbour && (isRecord(value) || Array.isArray(value))) return `- ${flowText(value)}\n`;
  return stringify([value], printOptions);
}

function itemReprint(item: Node, p: Patch): Reprint {
  const start = dashOf(item, p);
  return (value) => {
    const text = itemText(value, item).replace(/\n$/, '');
    p.edits.push({
      start,
      end: contentEnd(item, p),
      text: indentLines(text, columnOf(p.src, start), 1),
    });
  };
}

/** Where the `-` of a block list item is. */
function dashOf(item: Node, p: Patch): number {
  let index = (rangeOf(item)?.[0] ?? 0) - 1;
  while (index > 0 && /\s/.test(p.src[index]!)) index -= 1;
  return index;
}

// ---------------------------------------------------------------------------------------------
// Flow collections ({ … }, […]) are patched value by value while their keys and lengths stay;
// otherwise they are written again, in flow style.

function flowText(value: unknown): string {
  return stringify(value, { ...printOptions, flow: true }).replace(/\n$/, '');
}

function flowReprint(node: Node | null, p: Patch): Reprint {
  return (value) => {
    const [start] = rangeOf(node) ?? [0];
    const end = node ? contentEnd(node, p) : start;
    const text = flowText(value);
    // `[a, b]` stays unpadded if it was: the yaml package writes `[ a, b ]`.
    const padded = /^[[{]\s/.test(p.src.slice(start, end)) || !/^[[{]/.test(text);
    p.edits.push({
      start,
      end,
      text: padded ? text : text.replace(/^([[{]) (.*) ([\]}])$/, '$1$2$3'),
    });
  };
}

// ---------------------------------------------------------------------------------------------
// Scalars: the new value in the style of the old one, if that style can hold it.

type ScalarValue = string | number | boolean | null;

function patchScalar(
  node: Scalar,
  value: ScalarValue,
  reprint: Reprint,
  p: Patch,
  inFlow: boolean,
) {
  const [start, end] = [rangeOf(node)![0], contentEnd(node, p)];
  const candidates = start === end ? [] : candidatesFor(node, value, p, inFlow);
  const text = candidates.find((candidate) => readsAs(candidate, value, inFlow));
  if (text === undefined) reprint(value);
  else p.edits.push({ start, end, text });
}

/** Texts for `value`, best first: the old node's style, then (in flow) the quoted styles. */
function candidatesFor(node: Scalar, value: ScalarValue, p: Patch, inFlow: boolean): string[] {
  if (typeof value !== 'string') return [stringify(value).replace(/\n$/, '')];
  const single = `'${value.replaceAll("'", "''")}'`;
  const double = JSON.stringify(value);
  const safe = inFlow ? [single, double] : [];
  if (node.type === 'QUOTE_SINGLE') return [single, ...safe];
  if (node.type === 'QUOTE_DOUBLE') return [double, ...safe];
  if (node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL') {
    return [blockText(node, value, p)];
  }
  return [value, ...safe];
}

/** Where a node's text ends: before trailing blanks and comments, or a block's last line break. */
function contentEnd(node: Node, p: Patch): number {
  const [start, end] = rangeOf(node) ?? [0, 0];
  if (isScalar(node) && isBlock(node)) return p.src[end - 1] === '\n' ? end - 1 : end;
  let index = end;
  while (index > start && /\s/.test(p.src[index - 1]!)) index -= 1;
  return index;
}

const isBlock = (node: Scalar) => node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL';

// ---------------------------------------------------------------------------------------------
// Block scalars (`>-`, `|`): the same header and indentation. Literal text keeps its lines; in
// folded text only the lines holding changed words are re-folded, at the original's width.

function blockText(node: Scalar, value: string, p: Patch): string {
  const [start] = rangeOf(node)!;
  const headerEnd = p.src.indexOf('\n', start);
  const header = p.src.slice(start, headerEnd === -1 ? undefined : headerEnd);
  const lines = headerEnd === -1 ? [] : p.src.slice(headerEnd + 1, contentEnd(node, p)).split('\n');
  const indent =
    /^ */.exec(lines.find((line) => line.trim()) ?? '')?.[0] ||
    ' '.repeat((/^ */.exec(p.src.slice(lineStart(p.src, start)))?.[0].length ?? 0) + 2);
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
  const shorter = Math.min(words.length, oldWords.length);
  let head = 0;
  while (head < shorter && words[head] === oldWords[head]) head += 1;
  let tail = 0;
  while (tail < shorter - head && words.at(-1 - tail) === oldWords.at(-1 - tail)) tail += 1;
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

// ---------------------------------------------------------------------------------------------
// Text positions.

function rangeOf(node: Node | null): [number, number, number] | undefined {
  return node?.range ?? undefined;
}

function lineStart(src: string, index: number): number {
  return src.lastIndexOf('\n', index - 1) + 1;
}

/** The index after the line break that ends the line holding `index` (or the text's end). */
function lineAfter(src: string, index: number): number {
  const end = src.indexOf('\n', index);
  return end === -1 ? src.length : end + 1;
}

function columnOf(src: string, index: number): number {
  return index - lineStart(src, index);
}

/** `text` with its lines, from line `from` on, indented by `column` spaces (blank lines left). */
function indentLines(text: string, column: number, from = 0): string {
  const pad = ' '.repeat(column);
  return text
    .split('\n')
    .map((line, index) => (index >= from && line ? pad + line : line))
    .join('\n');
}

/**
 * Inserts printed YAML (ending in a line break) on the lines after `after`, or, when there is
 * nothing before it, just before `before`, at `column`.
 */
function insertText(
  text: string,
  column: number,
  after: number | undefined,
  before: number,
  p: Patch,
) {
  if (after === undefined) {
    const lines = indentLines(text.replace(/\n$/, ''), column, 1);
    p.edits.push({ start: before, end: before, text: `${lines}\n${' '.repeat(column)}` });
    return;
  }
  const at = lineAfter(p.src, after);
  const lead = at === p.src.length && !p.src.endsWith('\n') ? '\n' : '';
  p.edits.push({ start: at, end: at, text: lead + indentLines(text, column) });
}

// ---------------------------------------------------------------------------------------------
// Values.

function isRecord(value: unknown): value is Data {
  return Object.prototype.toString.call(value) === '[object Object]';
}

function isScalarValue(value: unknown): value is ScalarValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** What Decap may hand over for an optional field left empty. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.values(value).every(isEmpty);
}

/**
 * Whether the editor's `value` says what the file's `original` says: equal all the way down,
 * where a key the original lacks may be empty in `value`.
 */
function same(original: unknown, value: unknown): boolean {
  if (Array.isArray(original)) {
    return (
      Array.isArray(value) &&
      value.length === original.length &&
      original.every((item, index) => same(item, value[index]))
    );
  }
  if (isRecord(original)) {
    if (!isRecord(value)) return false;
    const keys = new Set([...Object.keys(original), ...Object.keys(value)]);
    return [...keys].every((key) =>
      original[key] === undefined ? isEmpty(value[key]) : same(original[key], value[key]),
    );
  }
  return Object.is(original, value);
}
