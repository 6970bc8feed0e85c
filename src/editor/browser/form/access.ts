/**
 * What Decap's page leaves out for a writer on a keyboard or with a screen reader, added as Decap
 * draws: names for what has none (the body's text box, the preview's frame, a list item's
 * buttons), the photo dialog's Upload opened by a key and the focus back on the photo after it,
 * a year typed digit by digit, and after a refused save, the focus on the first field in error,
 * each field described by its messages. The styles that go with it (focus always visible,
 * colours that read) are the page's (node/page.ts).
 */
import { markup } from '../decap/markup';
import { REFUSED } from '../decap/words';

const { field: FIELD, fieldMessages: ERRORS, listItemBar: LIST_ITEM_BAR } = markup;

/** What a keyboard can reach, text boxes first: a field's own control before its buttons. */
const TYPED = 'input:not([type=hidden]), textarea, [contenteditable="true"]';
const REACHABLE = `${TYPED}, button, [role="switch"], [tabindex="0"]`;

/** Attributes Decap's markup lacks, or has wrong: each element Decap draws is given them. */
const ATTRIBUTES: [selector: string, attribute: string, value: string][] = [
  // The preview's frame, named as what it shows.
  ['iframe#preview-pane', 'title', 'The card as visitors will see it'],
  // A list item's buttons, drawn with an icon only: fold, move (a drag handle), remove.
  [`${LIST_ITEM_BAR} > button:first-child`, 'aria-label', 'Fold or unfold'],
  [`${LIST_ITEM_BAR} > [aria-roledescription="sortable"]`, 'aria-label', 'Move'],
  [`${LIST_ITEM_BAR} > button:last-child`, 'aria-label', 'Remove'],
  // A menu's items, wrapped in a list that would hide them from the menu.
  ['[role="menu"] > ul', 'role', 'none'],
  // A photo in the photo dialog, named by the file name written under it.
  [markup.dialogPhoto, 'alt', ''],
];

const shown = (element: Element) => element.getClientRects().length > 0;

/** Gives Decap's markup what it lacks: names, and a role that does not hide a menu's items. */
function addMissing(root: ParentNode) {
  for (const [selector, attribute, value] of ATTRIBUTES) {
    for (const element of root.querySelectorAll(`${selector}:not([${attribute}="${value}"])`)) {
      element.setAttribute(attribute, value);
    }
  }
  // The body's text box, drawn without the id its label points to: named by that label.
  for (const box of root.querySelectorAll('[role="textbox"][contenteditable="true"]')) {
    if (box.hasAttribute('aria-labelledby') || box.hasAttribute('aria-label')) continue;
    const label = box.closest(FIELD)?.querySelector('label');
    if (!label) continue;
    label.id ||= `${label.htmlFor || 'field'}-label`;
    box.setAttribute('aria-labelledby', label.id);
  }
}

/** Where the keyboard goes to fix `field`: its control, or the group that hides it. */
function controlOf(field: Element): HTMLElement | undefined {
  const label = field.querySelector('label');
  const own = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  const control =
    own && own.tabIndex >= 0 && shown(own)
      ? own
      : [...field.querySelectorAll<HTMLElement>(TYPED), ...field.querySelectorAll(REACHABLE)].find(
          (each) => each instanceof HTMLElement && shown(each),
        );
  if (control instanceof HTMLElement) return control;
  // Inside a closed group: its button opens it.
  const group = field.parentElement?.closest(FIELD);
  return group ? controlOf(group) : undefined;
}

/**
 * Controls described by their field's messages (Decap's list beside the label): each remembers
 * what it had before, and gets it back once the field is fixed, or gone.
 */
function descriptions() {
  const described = new Map<HTMLElement, { field: Element; before: string | null }>();
  let messageLists = 0;
  return { describe, undescribeFixed };

  function describe(control: HTMLElement, field: Element, list: Element) {
    list.id ||= `field-messages-${++messageLists}`;
    // What it had before the first refusal: described again, it names its messages once.
    const before = described.has(control)
      ? described.get(control)!.before
      : control.getAttribute('aria-describedby');
    control.setAttribute('aria-describedby', [list.id, before].filter(Boolean).join(' '));
    control.setAttribute('aria-invalid', 'true');
    described.set(control, { field, before });
  }

  function undescribeFixed() {
    for (const [control, { field, before }] of described) {
      if (field.isConnected && field.querySelector(ERRORS)) continue;
      if (before === null) control.removeAttribute('aria-describedby');
      else control.setAttribute('aria-describedby', before);
      control.removeAttribute('aria-invalid');
      described.delete(control);
    }
  }
}

/**
 * After a refused save, Decap's toast says so (an alert, which a screen reader announces) and
 * lists each field's messages beside its label: each field in error is described by its messages
 * and marked invalid, and the focus goes to the first, which a screen reader reads with them.
 * Decap may draw the messages, let its menu go and draw the field's control again some time
 * after its toast, the longer the busier the computer: the focus is put back on the first field
 * in error whenever the page changes, until the writer presses a key or the pointer.
 */
function answerRefusals(describe: ReturnType<typeof descriptions>['describe']) {
  let waiting: AbortController | undefined;
  const settle = () => {
    const refused = [...document.querySelectorAll(ERRORS)].flatMap((list) => {
      const field = list.closest(FIELD);
      const control = field && controlOf(field);
      return field && control ? [{ field, control, list }] : [];
    });
    for (const { field, control, list } of refused) describe(control, field, list);
    const first = refused.find(({ field }) => shown(field)) ?? refused[0];
    if (first && document.activeElement !== first.control) first.control.focus();
  };
  return {
    /** A refusal was said: the focus goes to the first field in error, and is kept there. */
    refused() {
      waiting?.abort();
      const acted = (waiting = new AbortController());
      for (const type of ['keydown', 'pointerdown']) {
        document.addEventListener(type, () => acted.abort(), {
          capture: true,
          signal: acted.signal,
        });
      }
      requestAnimationFrame(() => !acted.signal.aborted && settle());
    },
    /** The page changed: while the writer has not acted since a refusal, the focus is kept. */
    changed() {
      if (waiting && !waiting.signal.aborted) settle();
    },
  };
}

/**
 * A year typed digit by digit is 0002, then 0020 and 0202 on the way to 2026: Decap's date box
 * reads a year under 100 as one in the 1900s (JavaScript's Date) and writes it back while the
 * writer types, so "2026" ended as 1906. The box keeps its digits to itself until there are four.
 */
function keepPartialYears(event: Event) {
  const box = event.target;
  if (box instanceof HTMLInputElement && box.type === 'date' && /^0\d{3}-/.test(box.value)) {
    event.stopImmediatePropagation();
  }
}

/**
 * The photo dialog's Upload is a label around a file box too small to take the focus: Enter or
 * Space on the label opens the chooser, as a click on it does.
 */
function uploadByKey(event: KeyboardEvent) {
  const upload = event.target;
  if (!(upload instanceof HTMLLabelElement) || !upload.matches(markup.uploadButton)) return;
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  upload.querySelector('input')?.click();
}

/**
 * The photo dialog gives the focus back to the button that opened it, which choosing a photo
 * has replaced: the focus would be lost to the page's top. It goes to the photo's field instead.
 */
function focusAfterDialog(dialogs: { field: Element | undefined; open: boolean }) {
  const open = document.querySelector(markup.dialog) !== null;
  if (dialogs.open && !open && dialogs.field) {
    const field = dialogs.field;
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) controlOf(field)?.focus();
    });
  }
  dialogs.open = open;
}

/**
 * Adds what Decap's markup leaves out for a writer on a keyboard or screen reader. What it gives
 * back does it again; call it whenever Decap draws.
 */
export function registerAccess() {
  const dialogs = { field: undefined as Element | undefined, open: false };
  document.addEventListener('focusin', ({ target }) => {
    if (target instanceof Element && !target.closest(markup.dialog)) {
      dialogs.field = target.closest(FIELD) ?? undefined;
    }
  });
  // Before React's listeners, which are on Decap's root inside the document.
  for (const type of ['input', 'change']) document.addEventListener(type, keepPartialYears, true);
  document.addEventListener('keydown', uploadByKey);
  const answered = new WeakSet<Element>();
  const { describe, undescribeFixed } = descriptions();
  const refusals = answerRefusals(describe);
  return () => {
    addMissing(document);
    focusAfterDialog(dialogs);
    undescribeFixed();
    refusals.changed();
    for (const toast of document.querySelectorAll(markup.toast)) {
      if (answered.has(toast) || toast.textContent?.trim() !== REFUSED) continue;
      answered.add(toast);
      refusals.refused();
    }
  };
}
