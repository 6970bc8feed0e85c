/** The styles of what the editor draws itself in Decap's page, each added once. */
const added = new Set<string>();

/** Adds `css` to the page, once however often it is asked. */
export function addStyle(css: string) {
  if (added.has(css)) return;
  added.add(css);
  document.head.append(Object.assign(document.createElement('style'), { textContent: css }));
}
