/**
 * A YAML text patched in place: each value that changed is replaced where it stands, in the
 * style it had; a removed key takes its own lines only (a comment above it stays); a value that
 * changes kind, and keys and list items added, are printed afresh in their place. The patched
 * text is read back before it is trusted: if it would not read as the data (a case the patching
 * does not handle), the YAML is printed afresh instead, so a save is never wrong, only sometimes
 * less tidy.
 */
import { isMap, isScalar, isSeq, parseDocument, stringify } from 'yaml';
import type { Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { blockEnd, blockText, isBlock } from './yaml-blocks';
import { applyEdits, insertText, rangeOf, readsAs, type Patch, type Reprint } from './yaml-edits';
import {
  columnOf,
  freshYaml,
  indentLines,
  inOrder,
  lineAfter,
  lineStart,
  printOptions,
} from './yaml-text';
import {
  isEmpty,
  isRecord,
  isScalarValue,
  same,
  sharedEnds,
  type Data,
  type ScalarValue,
} from './values';

/** `text` with only the values that differ from `data` written anew. */
export function patchYaml(text: string, data: Data, order: string[]): string {
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

/** Changes the text of `node` so that it reads as `value`, touching as little as it can. */
function patchNode(node: Node, value: unknown, reprint: Reprint, p: Patch, inFlow: boolean) {
  if (same(node.toJS(p.doc), value)) return;
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
    const reprintPair = map.flow
      ? flowReprint(pair.value, p)
      : reprintAt(
          startOf(pair, p),
          endOf(pair, p),
          (v) => stringify({ [key]: v }, printOptions),
          p,
        );
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

/**
 * Replaces `start`..`end` with a fresh print of a value (`print`), indented as the text at
 * `start`: a key and its value, or a list item.
 */
function reprintAt(start: number, end: number, print: (value: unknown) => string, p: Patch) {
  const indent = columnOf(p.src, start);
  return (value: unknown) => {
    const text = indentLines(print(value).replace(/\n$/, ''), indent, 1);
    p.edits.push({ start, end, text });
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
  const old = items.map((item): unknown => item.toJS(p.doc));
  const [head, tail] = sharedEnds(old, value, same);
  const paired = Math.min(old.length, value.length) - head - tail;
  for (let index = head; index < head + paired; index += 1) {
    const item = items[index]!;
    const reprintItem = seq.flow
      ? flowReprint(item, p)
      : reprintAt(dashOf(item, p), contentEnd(item, p), (v) => itemText(v, item), p);
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
  if (isBlock(node)) return [blockText(node, value, p.src)];
  return [value, ...safe];
}

/** Where a node's text ends: before trailing blanks and comments, or a block's last line break. */
function contentEnd(node: Node, p: Patch): number {
  const [start, end] = rangeOf(node) ?? [0, 0];
  if (isScalar(node) && isBlock(node)) return blockEnd(node, p.src);
  let index = end;
  while (index > start && /\s/.test(p.src[index - 1]!)) index -= 1;
  return index;
}
