/**
 * What Decap's page leaves out for a writer on a keyboard or with a screen reader, added as Decap
 * draws: names for what has none (the body's text box, the preview's frame, a list item's
 * buttons), the photo dialog's Upload opened by a key and the focus back on the photo after it,
 * a year typed digit by digit, and after a refused save, the refusal's words announced and the
 * focus on the first field in error. The styles that go with it (focus always visible, colours
 * that read) are the page's (node/page.ts).
 */
import { REFUSED } from './words';

/** Decap's parts, by the names its styled components carry in their class names. */
const FIELD = '[class*="-ControlContainer"]';
const ERRORS = '[class*="-ControlTopbar"] > ul';
const LIST_ITEM_BAR = '[class*="-StyledListItemTopBar"]';

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
  ['img[class*="-CardImage"]', 'alt', ''],
];

/** A field's label as the schema gives it: its own text, without Decap's hidden marker. */
const labelOf = (field: Element) =>
  field.querySelector('label')?.firstChild?.textContent?.trim() ?? '';

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

/** The fields marked in red, in the form's order, each with its label and messages. */
const refusedFields = () =>
  [...document.querySelectorAll(ERRORS)].flatMap((list) => {
    const field = list.closest(FIELD);
    const messages = [...list.children].map((item) => item.textContent ?? '');
    return field && messages.length
      ? [{ field, words: `${labelOf(field)}: ${messages.join(' ')}` }]
      : [];
  });

/** Says the refusal and each field's words, then puts the focus on the first field in error. */
function answerRefusal(toast: Element, announcer: HTMLElement) {
  // The region below says the toast's words with the fields' own: said once, not twice.
  toast.removeAttribute('role');
  announcer.textContent = '';
  // A region is announced when its words change; a frame later, Decap's menu has let go the focus.
  requestAnimationFrame(() => {
    const fields = refusedFields();
    announcer.textContent = [REFUSED, ...fields.map(({ words }) => words)].join(' ');
    const first = fields.map(({ field }) => field).find(shown) ?? fields[0]?.field;
    if (first) controlOf(first)?.focus();
  });
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
  if (!(upload instanceof HTMLLabelElement) || !upload.matches('.nc-fileUploadButton')) return;
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  upload.querySelector('input')?.click();
}

/**
 * The photo dialog gives the focus back to the button that opened it, which choosing a photo
 * has replaced: the focus would be lost to the page's top. It goes to the photo's field instead.
 */
const dialogs = { field: undefined as Element | undefined, open: false };
function focusAfterDialog() {
  const open = document.querySelector('[role="dialog"]') !== null;
  if (dialogs.open && !open && dialogs.field) {
    const field = dialogs.field;
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) controlOf(field)?.focus();
    });
  }
  dialogs.open = open;
}

/** Adds, as Decap draws, what its markup leaves out for a writer on a keyboard or screen reader. */
export function registerAccess() {
  document.addEventListener('focusin', ({ target }) => {
    if (target instanceof Element && !target.closest('[role="dialog"]')) {
      dialogs.field = target.closest(FIELD) ?? undefined;
    }
  });
  // Before React's listeners, which are on Decap's root inside the document.
  for (const type of ['input', 'change']) document.addEventListener(type, keepPartialYears, true);
  document.addEventListener('keydown', uploadByKey);
  // There from the start, so a screen reader follows it before anything is said in it.
  const announcer = document.createElement('div');
  announcer.className = 'editor-announcer';
  announcer.setAttribute('role', 'alert');
  announcer.setAttribute('aria-atomic', 'true');
  document.body.append(announcer);
  const answered = new WeakSet<Element>();
  new MutationObserver(() => {
    addMissing(document);
    focusAfterDialog();
    for (const toast of document.querySelectorAll('.Toastify__toast-body')) {
      if (answered.has(toast) || toast.textContent?.trim() !== REFUSED) continue;
      answered.add(toast);
      answerRefusal(toast, announcer);
    }
  }).observe(document.body, { subtree: true, childList: true });
}
