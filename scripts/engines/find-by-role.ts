/**
 * Finding elements the way a reader does: by role and accessible name, never by CSS class.
 * `queryByRole` runs inside the page (each engine's adapter sends its source), so it is
 * self-contained: it uses nothing from outside its own body.
 */

/** The roles the engine tests look for. */
export type Role =
  | 'banner'
  | 'button'
  | 'contentinfo'
  | 'heading'
  | 'link'
  | 'listitem'
  | 'main'
  | 'navigation'
  | 'region'
  | 'textbox';

/** An accessible name: the exact text (whitespace collapsed), or a pattern it matches. */
export type Name = string | { pattern: string; flags: string };

/** What to find: every shown element with this role (and name, and heading level), inside `within`. */
export type Target = { role: Role; name?: Name; level?: number; within?: Target };

/** What `queryByRole` returns of each element: the element, its rendered text, or its value. */
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
 * In the page: every shown element `target` finds, in document order, read as `read` says.
 * Shown means rendered, not `visibility: hidden` and not inside `aria-hidden="true"`: what a
 * reader, or a screen reader, can reach. Names follow the accessible-name rules the site needs:
 * aria-labelledby, aria-label, a form control's labels, the text of what names itself from its
 * content, then title and placeholder.
 */
export function queryByRole(target: Target, read: Read = 'element'): (Element | string)[] {
  const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const shown = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) &&
    !element.closest('[aria-hidden="true"]');

  const contentText = (node: Node): string => {
    if (node instanceof Text) return node.data;
    if (!(node instanceof Element) || !shown(node)) return '';
    const label = node.getAttribute('aria-label');
    if (label) return ` ${label} `;
    if (node instanceof HTMLImageElement) return ` ${node.alt} `;
    const text = [...node.childNodes].map(contentText).join('');
    return getComputedStyle(node).display.includes('inline') ? text : ` ${text} `;
  };

  const nameOf = (element: Element, role: string | undefined): string => {
    const ids = element.getAttribute('aria-labelledby');
    if (ids) {
      const labels = ids.split(/\s+/).map((id) => document.getElementById(id));
      return collapse(labels.map((label) => (label ? contentText(label) : '')).join(' '));
    }
    const label = collapse(element.getAttribute('aria-label'));
    if (label) return label;
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      const labels = collapse([...(element.labels ?? [])].map(contentText).join(' '));
      if (labels) return labels;
    }
    if (role === 'button' || role === 'link' || role === 'heading') {
      const text = collapse(contentText(element));
      if (text) return text;
    }
    return collapse(element.getAttribute('title') ?? element.getAttribute('placeholder'));
  };

  const sectioning = 'article, aside, main, nav, section';
  const roleOf = (element: Element): string | undefined => {
    const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    switch (element.localName) {
      case 'a':
        return element.hasAttribute('href') ? 'link' : undefined;
      case 'button':
        return 'button';
      case 'footer':
        return element.parentElement?.closest(sectioning) ? undefined : 'contentinfo';
      case 'header':
        return element.parentElement?.closest(sectioning) ? undefined : 'banner';
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return 'heading';
      case 'input': {
        const { type } = element as HTMLInputElement;
        if (['button', 'image', 'reset', 'submit'].includes(type)) return 'button';
        return ['email', 'tel', 'text', 'url'].includes(type) ? 'textbox' : undefined;
      }
      case 'li':
        return 'listitem';
      case 'main':
        return 'main';
      case 'nav':
        return 'navigation';
      case 'section':
        return nameOf(element, undefined) ? 'region' : undefined;
      case 'textarea':
        return 'textbox';
      default:
        return undefined;
    }
  };

  const levelOf = (element: Element) =>
    Number(element.getAttribute('aria-level') ?? element.localName.slice(1));

  const matches = (element: Element, { role, name, level }: Target) => {
    if (roleOf(element) !== role || !shown(element)) return false;
    if (level !== undefined && levelOf(element) !== level) return false;
    if (name === undefined) return true;
    const actual = nameOf(element, role);
    return typeof name === 'string'
      ? actual === collapse(name)
      : new RegExp(name.pattern, name.flags).test(actual);
  };

  const find = (wanted: Target): Element[] => {
    const scopes = wanted.within ? find(wanted.within) : [document.documentElement];
    const found = new Set(
      scopes.flatMap((scope) => [...scope.querySelectorAll('*')].filter((e) => matches(e, wanted))),
    );
    return [...found];
  };

  return find(target).map((element) => {
    if (read === 'text') return element instanceof HTMLElement ? element.innerText : '';
    if (read === 'value') return 'value' in element ? String(element.value) : '';
    return element;
  });
}
