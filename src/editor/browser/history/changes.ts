/**
 * What changed between two versions of an entry, in words, field by field, with each field's
 * label from the schema: "Excerpt: 'silky' → 'glossy'", "Photo replaced", "Text: 2 paragraphs
 * changed". Pure: no DOM and no Node module.
 */
import { diffComm } from 'node-diff3';
import { plural } from '@/lib/format';
import { isShort, SHORT_TEXT } from '../saving/merge';
import { isRecord, same, sharedEnds, type Data } from '../text/values';
import type { EditorCollection, EditorField } from '../../contract';

/** The longest a value is quoted before it is cut, in characters. */
const QUOTE = SHORT_TEXT;

/** A field's label as a writer reads it in a sentence: without the form's "(optional)". */
export const fieldLabel = (field: EditorField) => field.label.replace(/ \(optional\)$/, '');

/** Each change from `before` to `after` (a file's fields, its body under `body`), in words. */
export function describeChanges(collection: EditorCollection, before: Data, after: Data): string[] {
  const fields = collection.fields;
  const names = new Set([...fields.map((field) => field.name), ...Object.keys(after)]);
  return [...names].flatMap((name) => {
    if (same(before[name], after[name])) return [];
    const field = fields.find((each) => each.name === name);
    return changeOf(field ? fieldLabel(field) : name, before[name], after[name], field);
  });
}

function changeOf(label: string, before: unknown, after: unknown, field?: EditorField): string[] {
  if (field?.widget === 'markdown')
    return [`${label}: ${paragraphs(String(before ?? ''), String(after ?? ''))}`];
  if (field?.widget === 'object' && (isRecord(before) || isRecord(after))) {
    const [was, now] = [isRecord(before) ? before : {}, isRecord(after) ? after : {}];
    const subfields = (field['fields'] ?? []) as EditorField[];
    // A photo: a new file is the news; its words follow.
    const photo = subfields.find((each) => each.widget === 'image');
    const news = photo ? photoNews(fieldLabel(photo), was[photo.name], now[photo.name]) : [];
    const rest = Object.keys({ ...was, ...now }).filter((key) => key !== photo?.name);
    return [
      ...news,
      ...rest.flatMap((key) => {
        const sub = subfields.find((each) => each.name === key);
        return same(was[key], now[key])
          ? []
          : changeOf(`${label}: ${sub ? fieldLabel(sub) : key}`, was[key], now[key], sub);
      }),
    ];
  }
  if (Array.isArray(before) || Array.isArray(after)) return [`${label}: ${items(before, after)}`];
  if (after === undefined || after === '') return [`${label} removed`];
  if (before === undefined || before === '') return [`${label}: set to ${quoted(after)}`];
  if (typeof before === 'string' && typeof after === 'string' && !isShort(before, after)) {
    let [was, now] = changedWords(before, after);
    // Words only added or only taken out: a word either side says where.
    if (!was || !now) [was, now] = changedWords(before, after, 1);
    return [`${label}: ${quoted(was)} → ${quoted(now)}`];
  }
  // A short text (a title, a name), a number or a switch: whole.
  return [`${label}: ${quoted(before)} → ${quoted(after)}`];
}

/** "Photo replaced", "Photo added", "Photo removed": a photo's file, which words cannot show. */
function photoNews(label: string, before: unknown, after: unknown): string[] {
  if (same(before, after)) return [];
  if (before === undefined || before === '') return [`${label} added`];
  if (after === undefined || after === '') return [`${label} removed`];
  return [`${label} replaced`];
}

/**
 * One side's change of a value from `base`, in words, for a writer deciding between two: a short
 * text whole ("'Pan sauce' → 'Quick pan sauce'"), a long one around what changed, a list's items.
 */
export function describeValue(base: unknown, value: unknown): string {
  if (value === undefined || value === '') return `removed ${quoted(base)}`;
  if (typeof base === 'string' && typeof value === 'string') {
    if (isShort(base, value)) return `${quoted(base)} → ${quoted(value)}`;
    const [was, now] = changedWords(base, value, CONTEXT);
    return `${quoted(was)} → ${quoted(now)}`;
  }
  if (Array.isArray(value)) return value.map((item) => quoted(item)).join(', ');
  return base === undefined ? quoted(value) : `${quoted(base)} → ${quoted(value)}`;
}

/** Words kept on each side of a change in a long text, so a writer can find it. */
const CONTEXT = 3;

/** A value as a writer reads it: text in quotes, cut when long; a switch as on or off. */
function quoted(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value !== 'string') return JSON.stringify(value);
  const text = value.length > QUOTE ? `${value.slice(0, QUOTE - 1)}…` : value;
  return `'${text}'`;
}

/**
 * The words that differ between two texts, without what both share before and after but for
 * `context` words on each side (marked … where the text goes on).
 */
function changedWords(before: string, after: string, context = 0): [string, string] {
  const [a, b] = [before.split(/(\s+)/), after.split(/(\s+)/)];
  const [start, end] = sharedEnds(a, b);
  // Tokens alternate words and spaces: two tokens a word.
  const from = Math.max(0, start - 2 * context);
  const to = Math.max(0, end - 2 * context);
  const more = (cut: number) => (context && cut > 0 ? '…' : '');
  const cut = (tokens: string[]) =>
    more(from) +
    tokens
      .slice(from, tokens.length - to)
      .join('')
      .trim() +
    more(to);
  return [cut(a), cut(b)];
}

/** "2 paragraphs changed, 1 added": a body compared paragraph by paragraph. */
function paragraphs(before: string, after: string): string {
  const split = (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((each) => each.trim())
      .filter(Boolean);
  return counted(diffComm(split(before), split(after)), 'paragraph');
}

/** "1 added, 1 removed": a list compared item by item. */
function items(before: unknown, after: unknown): string {
  const keyed = (value: unknown) =>
    (Array.isArray(value) ? value : []).map((item) => JSON.stringify(item));
  return counted(diffComm(keyed(before), keyed(after)), 'item');
}

function counted(regions: ReturnType<typeof diffComm<string>>, noun: string): string {
  let [changed, added, removed] = [0, 0, 0];
  for (const region of regions) {
    if (region.common) continue;
    const paired = Math.min(region.buffer1.length, region.buffer2.length);
    changed += paired;
    removed += region.buffer1.length - paired;
    added += region.buffer2.length - paired;
  }
  const parts = [
    changed && `${changed} ${plural(changed, noun)} changed`,
    added && `${added} ${plural(added, noun)} added`,
    removed && `${removed} ${plural(removed, noun)} removed`,
  ].filter(Boolean);
  return parts.join(', ') || 'changed';
}
