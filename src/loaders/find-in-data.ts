/**
 * The places in entry data where `match` finds something, with their field paths; a match is
 * not searched inside. The whole-content checks walk every entry on every run, so the walk
 * shares one path and copies it only for a match.
 */
export function findInData<T>(
  data: unknown,
  match: (value: unknown) => T | undefined,
): { path: PropertyKey[]; found: T }[] {
  const results: { path: PropertyKey[]; found: T }[] = [];
  const path: PropertyKey[] = [];
  const visit = (value: unknown) => {
    const found = match(value);
    if (found !== undefined) {
      results.push({ path: [...path], found });
      return;
    }
    if (!value || typeof value !== 'object' || value instanceof Date) return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        path.push(index);
        visit(value[index]);
        path.pop();
      }
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      visit(item);
      path.pop();
    }
  };
  visit(data);
  return results;
}
