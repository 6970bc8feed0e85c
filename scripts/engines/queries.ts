/**
 * Finding elements the way a reader does, by role and accessible name, with Testing Library's
 * `queryAllByRole` (@testing-library/dom) running in the page: the same library in every engine.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The roles the engine tests look for. */
export type Role =
  | 'banner'
  | 'button'
  | 'contentinfo'
  | 'heading'
  | 'link'
  | 'listitem'
  | 'navigation'
  | 'region'
  | 'textbox';

/** An accessible name: the exact text, or a pattern it matches (a RegExp does not survive JSON). */
export type Name = string | { pattern: string; flags: string };

/** What to find: every shown element with this role (and name, and heading level), inside `within`. */
export type Target = { role: Role; name?: Name; level?: number; within?: Target };

/** What the page sends back of each element found: the element, its rendered text, or its value. */
export type Read = 'element' | 'text' | 'value';

/** A target; a RegExp name becomes a pattern, since targets travel to the page as JSON. */
export function byRole(
  role: Role,
  name?: string | RegExp,
  options: { level?: number; within?: Target } = {},
): Target {
  const named = name instanceof RegExp ? { pattern: name.source, flags: name.flags } : name;
  return { role, ...(named !== undefined && { name: named }), ...options };
}

/** A target as a sentence names it: `link "Press" in navigation "Company"`. */
export function describeTarget({ role, name, level, within }: Target): string {
  const shown = typeof name === 'string' ? `"${name}"` : name && `/${name.pattern}/${name.flags}`;
  const own = [level ? `${role} (level ${level})` : role, shown].filter(Boolean).join(' ');
  return within ? `${own} in ${describeTarget(within)}` : own;
}

/** The one element a search found; throws, naming the target, when it found none or several. */
export function onlyOne<T>(found: T[], target: Target): T {
  if (found.length === 1 && found[0] !== undefined) return found[0];
  throw new Error(`${found.length} shown elements are ${describeTarget(target)}; expected one`);
}

/**
 * Testing Library's DOM queries as one script, which defines `window.TestingLibraryDom`: the
 * minified browser build of @testing-library/dom. The test host
 * serves it at `TESTING_LIBRARY_PATH` (tests/engines/global-setup.ts), and a page loads it from
 * there, as a script of its own origin, when first asked: the site's policy allows such a
 * script, and no `eval`.
 */
export const TESTING_LIBRARY = readFileSync(
  createRequire(import.meta.url).resolve(
    '@testing-library/dom/dist/@testing-library/dom.umd.min.js',
  ),
  'utf8',
);
export const TESTING_LIBRARY_PATH = '/__test__/testing-library.js';

/** What the tests use of `window.TestingLibraryDom`. */
type TestingLibrary = {
  queryAllByRole(
    container: HTMLElement,
    role: Role,
    options: { name?: string | RegExp; level?: number },
  ): HTMLElement[];
};

declare global {
  interface Window {
    TestingLibraryDom?: TestingLibrary;
    /** The page's loading of Testing Library, once started. */
    __testingLibrary?: Promise<unknown>;
  }
}

/**
 * In the page: every element `target` finds, read as `read` says, with Testing Library's
 * `queryAllByRole`, loaded from `library` (its path on the test host) the first time. Its queries
 * leave out what a reader cannot reach: an element that is `hidden`, `display: none`,
 * `visibility: hidden` or inside `aria-hidden="true"`. Self-contained, since each engine sends
 * its source to the page.
 */
export async function queryAllByRole(
  target: Target,
  read: Read,
  library: string,
): Promise<(HTMLElement | string)[]> {
  window.__testingLibrary ??= new Promise((loaded, failed) => {
    const script = document.createElement('script');
    script.src = library;
    script.onload = loaded;
    script.onerror = () => failed(new Error(`${library} did not load: is it the test host?`));
    // A document still being parsed may have no <head> yet.
    document.documentElement.append(script);
  }).catch((error: unknown) => {
    delete window.__testingLibrary; // Asked again, the page tries again.
    throw error;
  });
  await window.__testingLibrary;
  const { queryAllByRole } = window.TestingLibraryDom!;
  const find = ({ role, name, level, within }: Target): HTMLElement[] =>
    (within ? find(within) : [document.body]).flatMap((scope) =>
      queryAllByRole(scope, role, {
        ...(level !== undefined && { level }),
        ...(name !== undefined && {
          name: typeof name === 'string' ? name : new RegExp(name.pattern, name.flags),
        }),
      }),
    );
  return [...new Set(find(target))].map((element) => {
    if (read === 'text') return element.innerText;
    if (read === 'value') return 'value' in element ? String(element.value) : '';
    return element;
  });
}
