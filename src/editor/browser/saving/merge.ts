/**
 * A save merged as git merges two branches, field by field. The base is the file as the form
 * opened it, "theirs" is the file as it is now, "mine" is the form. What only one side changed is
 * taken from that side; what both changed alike is taken once. Texts are merged line by line, then
 * word by word where lines clash, and lists item by item. Only a value both sides changed in
 * different ways is a conflict, and then the writer decides: nothing is dropped without a word.
 * Pure: no DOM and no Node module.
 */
import { diff3Merge } from 'node-diff3';
import { isRecord, same, type Data } from '../text/values';

/** Where a value is in an entry: field names, and a list's item by its index. */
export type Path = (string | number)[];

/** A value both sides changed in different ways, with what each side has there now. */
export type Conflict = {
  path: Path;
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** The whole value with the clashing parts theirs and the rest merged: "take theirs". */
  takeTheirs: unknown;
  /** The same with the clashing parts mine: "keep mine". */
  keepMine: unknown;
};

/**
 * The writer's answers to earlier conflicts, by path (`pathKey`): the value of theirs they saw
 * when they chose to keep their own. An answer holds while theirs is still that value.
 */
export type Answers = ReadonlyMap<string, unknown>;

export const pathKey = (path: Path) => path.join('.');

/** An entry as the merge sees it: its fields, and the body of a Markdown entry. */
export type Side = { fields: Data; body?: string | undefined };

/** This writer's changes (base → mine) applied onto the file as it is now (theirs). */
export function mergeEntry(base: Side, theirs: Side, mine: Side, answers: Answers = new Map()) {
  const fields = mergeValue([], base.fields, theirs.fields, mine.fields, answers);
  const body =
    mine.body === undefined
      ? undefined
      : mergeValue(['body'], base.body ?? '', theirs.body ?? '', mine.body, answers);
  return {
    fields: fields.keepMine as Data,
    body: body?.keepMine as string | undefined,
    conflicts: [...fields.conflicts, ...(body?.conflicts ?? [])],
  };
}

/** A merged value: with the clashes resolved either way (the same when there are none). */
type Merged = { keepMine: unknown; takeTheirs: unknown; conflicts: Conflict[] };

/** Mine and theirs, each whole: a clash for whoever merges this value to report. */
const apart = (mine: unknown, theirs: unknown): Merged => ({
  keepMine: mine,
  takeTheirs: theirs,
  conflicts: [],
});
const clean = (value: unknown) => apart(value, value);

function mergeValue(
  path: Path,
  base: unknown,
  theirs: unknown,
  mine: unknown,
  answers: Answers,
): Merged {
  if (same(base, mine)) return clean(theirs);
  if (same(base, theirs) || same(theirs, mine)) return clean(mine);
  const merged =
    isRecord(theirs) && isRecord(mine) && (base === undefined || isRecord(base))
      ? mergeRecord(path, base ?? {}, theirs, mine, answers)
      : Array.isArray(theirs) && Array.isArray(mine) && (base === undefined || Array.isArray(base))
        ? mergeList(path, base ?? [], theirs, mine, answers)
        : typeof theirs === 'string' && typeof mine === 'string' && typeof base === 'string'
          ? mergeText(base, theirs, mine)
          : apart(mine, theirs);
  // A clash of this value itself, not of a part of it merged below.
  const own = merged.keepMine !== merged.takeTheirs && merged.conflicts.length === 0;
  if (!own) return merged;
  if (answers.has(pathKey(path)) && same(answers.get(pathKey(path)), theirs)) {
    return clean(merged.keepMine);
  }
  const { keepMine, takeTheirs } = merged;
  return { ...merged, conflicts: [{ path, base, theirs, mine, keepMine, takeTheirs }] };
}

function mergeRecord(path: Path, base: Data, theirs: Data, mine: Data, answers: Answers): Merged {
  const keys = new Set([...Object.keys(theirs), ...Object.keys(mine)]);
  const keepMine: Data = {};
  const takeTheirs: Data = {};
  const conflicts: Conflict[] = [];
  for (const key of keys) {
    const merged = mergeValue([...path, key], base[key], theirs[key], mine[key], answers);
    if (merged.keepMine !== undefined) keepMine[key] = merged.keepMine;
    if (merged.takeTheirs !== undefined) takeTheirs[key] = merged.takeTheirs;
    conflicts.push(...merged.conflicts);
  }
  // Theirs' keys first, in the file's order; a key only mine has follows.
  return conflicts.length ? { keepMine, takeTheirs, conflicts } : clean(keepMine);
}

/**
 * A list merged item by item: items added, removed or moved by one side are taken from it. Where
 * both changed the same stretch of items, and it is as long on every side, each item is merged
 * in turn (two edits of one ingredient's different words both stay); otherwise it clashes.
 */
function mergeList(
  path: Path,
  base: unknown[],
  theirs: unknown[],
  mine: unknown[],
  answers: Answers,
): Merged {
  const keyed = (items: unknown[]) => items.map((item) => JSON.stringify(item));
  const regions = diff3Merge(keyed(mine), keyed(base), keyed(theirs));
  const keepMine: unknown[] = [];
  const takeTheirs: unknown[] = [];
  let clashes = false;
  for (const region of regions) {
    if (region.ok) {
      const items = region.ok.map((item) => JSON.parse(item) as unknown);
      keepMine.push(...items);
      takeTheirs.push(...items);
      continue;
    }
    const { a, aIndex, o, oIndex, b, bIndex } = region.conflict!;
    if (a.length === o.length && b.length === o.length) {
      for (let i = 0; i < o.length; i++) {
        const at = keepMine.length;
        const item = mergeValue(
          [...path, at],
          base[oIndex + i],
          theirs[bIndex + i],
          mine[aIndex + i],
          answers,
        );
        keepMine.push(item.keepMine);
        takeTheirs.push(item.takeTheirs);
        clashes ||= item.conflicts.length > 0;
      }
    } else {
      keepMine.push(...mine.slice(aIndex, aIndex + a.length));
      takeTheirs.push(...theirs.slice(bIndex, bIndex + b.length));
      clashes = true;
    }
  }
  // A clash anywhere in a list is the list's: the writer sees and answers the list as a whole.
  return clashes ? apart(keepMine, takeTheirs) : clean(keepMine);
}

/**
 * A text merged line by line; where both changed the same lines, those lines are merged again
 * word by word, so two edits of one paragraph's different words both stay.
 */
export function mergeText(base: string, theirs: string, mine: string): Merged {
  const merged = mergeTokens(base, theirs, mine, lines, (o, b, a) =>
    mergeTokens(o, b, a, words, clash),
  );
  // A short text clashing is one value clashing: either side whole, as the writer reads it.
  const clashed = merged.conflicts.length === 0 && merged.keepMine !== merged.takeTheirs;
  return clashed && isShort(mine, theirs) ? apart(mine, theirs) : merged;
}

/** The longest text read as one value (a title, a name), in characters, with no line break. */
export const SHORT_TEXT = 80;
export const isShort = (...texts: string[]) =>
  texts.every((text) => text.length <= SHORT_TEXT && !text.includes('\n'));

/** A line with its line break; the last one may have none. */
const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
/** Words and the spaces between them, each a token, so a merge keeps the spacing. */
const words = (text: string) => text.split(/(\s+)/).filter(Boolean);
/** Where words clash too: each side's words stand, for the writer to choose from. */
const clash = (_base: string, theirs: string, mine: string) => apart(mine, theirs);

function mergeTokens(
  base: string,
  theirs: string,
  mine: string,
  tokens: (text: string) => string[],
  inner: (base: string, theirs: string, mine: string) => Merged,
): Merged {
  let keepMine = '';
  let takeTheirs = '';
  for (const region of diff3Merge(tokens(mine), tokens(base), tokens(theirs))) {
    if (region.ok) {
      keepMine += region.ok.join('');
      takeTheirs += region.ok.join('');
    } else {
      const { a, o, b } = region.conflict!;
      const merged = inner(o.join(''), b.join(''), a.join(''));
      keepMine += String(merged.keepMine);
      takeTheirs += String(merged.takeTheirs);
    }
  }
  return keepMine === takeTheirs ? clean(keepMine) : apart(keepMine, takeTheirs);
}
