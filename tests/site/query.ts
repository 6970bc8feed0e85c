/**
 * Finding things in a built page the way a reader does, as the browser tests' Playwright locators
 * do: by role and accessible name, heading level and visible text, never by CSS class.
 *
 * The rules follow Playwright's: a string name or text matches case-insensitively as a substring
 * (`exact: true` asks for the whole text, case included), a regular expression is tested against
 * the text with its whitespace collapsed, role queries skip what is hidden from assistive
 * technology, and a text query returns the innermost elements whose text matches.
 */
import { expect } from 'vitest';

export type Matcher = string | RegExp;

/** Text with runs of whitespace collapsed to one space and trimmed, as a reader sees it. */
export const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Whether `text` matches, by Playwright's rules for names and text. */
export function matches(text: string, matcher: Matcher, exact = false): boolean {
  const value = normalize(text);
  if (typeof matcher !== 'string') return new RegExp(matcher.source, matcher.flags).test(value);
  const wanted = normalize(matcher);
  return exact ? value === wanted : value.toLowerCase().includes(wanted.toLowerCase());
}

/** Elements whose content is never rendered. */
const UNRENDERED = new Set(['head', 'script', 'style', 'template', 'noscript']);

/** Hidden by the markup itself: inside a `hidden` element, or content that is never rendered. */
export function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (UNRENDERED.has(node.localName)) return true;
    const hidden = node.getAttribute('hidden');
    if (hidden !== null && hidden !== 'until-found') return true;
  }
  return false;
}

/** Left out of the accessibility tree: hidden, or inside `aria-hidden="true"`. */
function isInaccessible(element: Element): boolean {
  return isHidden(element) || element.closest('[aria-hidden="true"]') !== null;
}

/** The text a reader sees in an element: no scripts, styles or hidden parts, whitespace collapsed. */
export function textOf(element: Element): string {
  const collect = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent ?? '';
    if (node.nodeType !== 1) return '';
    const el = node as Element;
    if (el !== element && isHiddenSelf(el)) return '';
    return [...el.childNodes].map(collect).join('');
  };
  return normalize(collect(element));
}

/** Hidden by its own markup, not counting its ancestors. */
function isHiddenSelf(element: Element): boolean {
  const hidden = element.getAttribute('hidden');
  return UNRENDERED.has(element.localName) || (hidden !== null && hidden !== 'until-found');
}

/** Inside an element that makes a header or footer belong to it rather than to the page. */
function sectioning(element: Element): boolean {
  const parent = element.parentElement;
  return parent !== null && parent.closest('article, aside, main, nav, section') !== null;
}

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  checkbox: 'checkbox',
  email: 'textbox',
  image: 'button',
  number: 'spinbutton',
  radio: 'radio',
  range: 'slider',
  reset: 'button',
  search: 'searchbox',
  submit: 'button',
  tel: 'textbox',
  text: 'textbox',
  url: 'textbox',
};

/** An element's role: its `role` attribute, or the one HTML gives it (HTML-AAM). */
export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.localName;
  switch (tag) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : undefined;
    case 'article':
      return 'article';
    case 'aside':
      return 'complementary';
    case 'button':
      return 'button';
    case 'dd':
      return 'definition';
    case 'dialog':
      return 'dialog';
    case 'dt':
      return 'term';
    case 'footer':
      return sectioning(element) ? undefined : 'contentinfo';
    case 'form':
      return authorName(element) ? 'form' : undefined;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return 'heading';
    case 'header':
      return sectioning(element) ? undefined : 'banner';
    case 'img':
      return element.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'input':
      return INPUT_ROLES[(element.getAttribute('type') ?? 'text').toLowerCase()] ?? 'textbox';
    case 'li':
      return 'listitem';
    case 'main':
      return 'main';
    case 'menu':
    case 'ol':
    case 'ul':
      return 'list';
    case 'nav':
      return 'navigation';
    case 'p':
      return 'paragraph';
    case 'section':
      return authorName(element) ? 'region' : undefined;
    case 'select':
      return 'combobox';
    case 'textarea':
      return 'textbox';
    case 'time':
      return 'time';
    default:
      return undefined;
  }
}

/** Roles whose name comes from their content when the author gives none. */
const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);

const ids = (element: Element, attribute: string) =>
  (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean);

/** The name the author gives: `aria-labelledby`, then `aria-label`. */
function authorName(element: Element): string {
  const refs = ids(element, 'aria-labelledby')
    .map((id) => element.ownerDocument.getElementById(id))
    .filter((ref): ref is HTMLElement => ref !== null);
  const labelledBy = normalize(refs.map((ref) => contentName(ref)).join(' '));
  return labelledBy || normalize(element.getAttribute('aria-label') ?? '');
}

/** The name an element's content gives it: its text, with each child's own name for its part. */
function contentName(element: Element): string {
  return [...element.childNodes]
    .map((node) => {
      if (node.nodeType === 3) return node.textContent ?? '';
      if (node.nodeType !== 1) return '';
      const child = node as Element;
      if (isHiddenSelf(child) || child.getAttribute('aria-hidden') === 'true') return '';
      const label = normalize(child.getAttribute('aria-label') ?? '');
      if (label) return label;
      if (child.localName === 'img') return child.getAttribute('alt') ?? '';
      return contentName(child);
    })
    .join('');
}

/** The labels of a form control: `<label for>` and an enclosing `<label>`. */
export function labelsOf(control: Element): Element[] {
  const id = control.getAttribute('id');
  const byFor = id
    ? [...control.ownerDocument.querySelectorAll('label[for]')].filter(
        (label) => label.getAttribute('for') === id,
      )
    : [];
  const enclosing = control.closest('label');
  return enclosing && !byFor.includes(enclosing) ? [...byFor, enclosing] : byFor;
}

/** An element's accessible name (a simplified accname: what these pages use). */
export function accessibleName(element: Element): string {
  const author = authorName(element);
  if (author) return author;
  const tag = element.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const labelled = normalize(labelsOf(element).map(contentName).join(' '));
    if (labelled) return labelled;
    return normalize(element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '');
  }
  if (tag === 'img') return normalize(element.getAttribute('alt') ?? '');
  const role = roleOf(element);
  const content = role && NAME_FROM_CONTENT.has(role) ? normalize(contentName(element)) : '';
  return content || normalize(element.getAttribute('title') ?? '');
}

/** A heading's level: `aria-level`, or the n of its `<hn>`. */
function headingLevel(element: Element): number | undefined {
  const level = Number(
    element.getAttribute('aria-level') ?? /^h([1-6])$/.exec(element.localName)?.[1],
  );
  return Number.isNaN(level) ? undefined : level;
}

export type RoleOptions = { name?: Matcher; exact?: boolean; level?: number };

/** Every element below `root` with this role (and name, and heading level), in document order. */
export function byRole(root: ParentNode, role: string, options: RoleOptions = {}): Element[] {
  return [...root.querySelectorAll('*')].filter(
    (element) =>
      roleOf(element) === role &&
      !isInaccessible(element) &&
      (options.level === undefined || headingLevel(element) === options.level) &&
      (options.name === undefined || matches(accessibleName(element), options.name, options.exact)),
  );
}

/** The innermost elements below `root` whose visible text matches, in document order. */
export function byText(root: ParentNode, matcher: Matcher, options: { exact?: boolean } = {}) {
  const matching = (element: Element) =>
    !isHidden(element) && matches(textOf(element), matcher, options.exact);
  return [...root.querySelectorAll('*')].filter(
    (element) => matching(element) && ![...element.children].some(matching),
  );
}

/** The elements whose visible text matches, as Playwright's `filter({ hasText })`. */
export const withText = (elements: Element[], matcher: Matcher): Element[] =>
  elements.filter((element) => matches(textOf(element), matcher));

/** How elements read in a failure message: each one's tag and the start of its text. */
export const outline = (elements: Element[]): string[] =>
  elements.map((element) => `<${element.localName}> ${textOf(element).slice(0, 80)}`);

/** The one element a query should find; fails, saying what and how many, otherwise. */
export function one(elements: Element[], what: string): Element {
  expect(outline(elements), `exactly one ${what}`).toHaveLength(1);
  return elements[0]!;
}

/** Fails unless the markup shows the element: not hidden, not inside anything hidden. */
export function expectShown(element: Element, what: string): void {
  expect(isHidden(element), `${what} is shown`).toBe(false);
}

/** A page's one `main`. */
export const mainOf = (document: Document): Element => one(byRole(document, 'main'), 'main');

/** The cards a page shows in its `main`, in order. */
export const cardsOf = (document: Document): Element[] => byRole(mainOf(document), 'article');

/** The text of a page's one `h1`. */
export const pageHeading = (document: Document): string =>
  textOf(one(byRole(document, 'heading', { level: 1 }), 'h1'));

/** Fails unless `root` shows one search box, named as one. */
export function expectSearchBox(root: ParentNode): void {
  const search = one(byRole(root, 'searchbox'), 'search box');
  expectShown(search, 'the search box');
  expect(accessibleName(search)).toMatch(/search/i);
}
