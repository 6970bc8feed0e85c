/**
 * The edits a patch makes to a YAML text, and what they rest on: where a node's text lies, how
 * printed YAML is put in at a place, and whether a text reads as a value.
 */
import { parseDocument, type Document, type Node } from 'yaml';
import { lineAfter, indentLines } from './yaml-text';
import { same } from './values';

/** Replace `start`..`end` of the source with `text`; an insertion when both are equal. */
export type Edit = { start: number; end: number; text: string };
/** The YAML text being patched, its parsed document, and the edits made so far. */
export type Patch = { src: string; doc: Document; edits: Edit[] };
/** Writes a value in place of a whole node (a key and its value, a list item, a flow value). */
export type Reprint = (value: unknown) => void;

/** The text with every edit made, in order; undefined if two edits overlap. */
export function applyEdits(src: string, edits: Edit[]): string | undefined {
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
export function readsAs(text: string, value: unknown, inFlow = false): boolean {
  try {
    const doc = parseDocument(inFlow ? `[${text}]` : text);
    if (doc.errors.length) return false;
    const read: unknown = doc.toJS();
    return same(inFlow && Array.isArray(read) && read.length === 1 ? read[0] : read, value);
  } catch {
    return false;
  }
}

export function rangeOf(node: Node | null): [number, number, number] | undefined {
  return node?.range ?? undefined;
}

/**
 * Inserts printed YAML (ending in a line break) on the lines after `after`, or, when there is
 * nothing before it, just before `before`, at `column`.
 */
export function insertText(
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
