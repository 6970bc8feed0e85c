/**
 * Values as the web editor compares them when it keeps a file's text (keep-text.ts,
 * yaml-patch.ts) and reads the form (saving/edit.ts).
 */

/** An entry's fields, or a group of them. */
export type Data = Record<string, unknown>;

/** A value one YAML scalar holds. */
export type ScalarValue = string | number | boolean | null;

export function isRecord(value: unknown): value is Data {
  return Object.prototype.toString.call(value) === '[object Object]';
}

export function isScalarValue(value: unknown): value is ScalarValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** What Decap may hand over for an optional field left empty. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.values(value).every(isEmpty);
}

/**
 * Whether the editor's `value` says what the file's `original` says: equal all the way down,
 * where a key the original lacks may be empty in `value`.
 */
export function same(original: unknown, value: unknown): boolean {
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

/** How many items `a` and `b` have alike at their start, and then at their end. */
export function sharedEnds<T>(a: T[], b: T[], alike = (x: T, y: T) => x === y) {
  const shorter = Math.min(a.length, b.length);
  let head = 0;
  while (head < shorter && alike(a[head]!, b[head]!)) head += 1;
  let tail = 0;
  while (tail < shorter - head && alike(a.at(-1 - tail)!, b.at(-1 - tail)!)) tail += 1;
  return [head, tail] as const;
}

/** Whether two values say the same, either way round. */
export const alike = (a: unknown, b: unknown) => same(a, b) && same(b, a);
