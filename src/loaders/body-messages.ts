/**
 * What the body checks say, shared by the engine's (body-checks.ts, with Sätteri) and the
 * browser's (body-checks.browser.ts, with micromark), so a writer reads the same words in both.
 * Imports nothing, so either can use it without pulling in the other's parser.
 */

// Comments only: `{/* … */}`, `{/** … */}` or `{// …⏎}` show nothing on purpose; `{ }` is a slip.
const onlyComments = /^\s*(?:(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*(?:\n|$))\s*)+$/;

/** Whether an MDX expression's source, between its braces, is comments and nothing else. */
export const isOnlyComments = (value: string) => onlyComments.test(value);

/** The expression as the writer wrote it, on one line and at most 40 characters. */
function shown(value: string): string {
  const text = value.replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The engine's word for `{…}` text in an `.mdx` body; `value` is what is between the braces. */
export const codeInText = (value: string) =>
  `"{${shown(value)}}" is code in an .mdx file, so the page and the feed would leave it out. ` +
  `To show the braces, write \\{${shown(value)}\\}; or rename the file to .md, where braces are plain text`;

/** The engine's word for an `.mdx` body that does not compile; `reason` is the compiler's. */
export const notCompiling = (reason: string) => `The MDX text does not compile: ${reason}`;
