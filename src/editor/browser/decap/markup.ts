/**
 * Decap's markup, as the editor finds its parts: every selector on Decap's generated class names
 * and its libraries' (react-toastify, react-modal), and the one observer of what Decap draws.
 * Its stylesheet's selectors are in decap.css. A Decap release that renames a part breaks it
 * here, and the upstream table of docs/ENGINE.md names the test that says so.
 */

/** Decap's parts, by the names its styled components carry in their class names. */
export const markup = {
  /** One field of the form: its label, messages, control and hint. */
  field: '[class*="-ControlContainer"]',
  /** A field's messages, in the bar above its control. */
  fieldMessages: '[class*="-ControlTopbar"] > ul',
  /** The bar above a list item, with its fold, move and remove buttons. */
  listItemBar: '[class*="-StyledListItemTopBar"]',
  /** A photo in the photo dialog. */
  dialogPhoto: 'img[class*="-CardImage"]',
  /** The entry's toolbar, with its save button and menu. */
  toolbar: '[class*="-ToolbarContainer"]',
  /** The photo dialog's Upload: a label around a file box. */
  uploadButton: '.nc-fileUploadButton',
  /** A toast's words (react-toastify). */
  toast: '.Toastify__toast-body',
  /** A collection list's "New …" link, by its address. */
  newEntryLink: 'a[href^="#/collections/"][href$="/new"]',
  /** A dialog (react-modal's, or the editor's own). */
  dialog: '[role="dialog"]',
};

/** The collection a "New …" link of Decap's list is for, by its address. */
const collectionOf = (link: Element) =>
  /^#\/collections\/([^/]+)\/new$/.exec(link.getAttribute('href') ?? '')?.[1];

/**
 * Puts what `make` gives for a collection beside each of its "New …" links Decap draws, once,
 * marked with `className`; one whose link has gone, or now leads to another collection, goes.
 */
export function besideNewEntryLinks(
  className: string,
  make: (collection: string) => HTMLElement | undefined,
) {
  for (const placed of document.querySelectorAll<HTMLElement>(`.${className}`)) {
    const link = placed.previousElementSibling;
    if (!link || collectionOf(link) !== placed.dataset['collection']) placed.remove();
  }
  for (const link of document.querySelectorAll(markup.newEntryLink)) {
    const collection = collectionOf(link);
    if (!collection || link.nextElementSibling?.classList.contains(className)) continue;
    const made = make(collection);
    if (!made) continue;
    made.classList.add(className);
    made.dataset['collection'] = collection;
    link.after(made);
  }
}

/** The element Decap draws its app into, made by its `init` when the page has none. */
const DECAP_ROOT = 'nc-root';

/**
 * Calls each of `drawn` whenever Decap draws: one observer, on Decap's root and on the dialogs
 * react-modal puts beside it in the body (the photo dialog), nothing else of the page.
 */
export function whenDecapDraws(...drawn: (() => void)[]) {
  const root = document.getElementById(DECAP_ROOT);
  if (!root) throw new Error(`The editor's page has no #${DECAP_ROOT} for Decap to draw into.`);
  // Text (the toolbar's words) and addresses (a list's "New" link) too; no other attribute,
  // which the editor sets itself on what Decap draws.
  const everything = {
    subtree: true,
    childList: true,
    characterData: true,
    attributeFilter: ['href'],
  };
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target !== document.body) continue;
      // A dialog's portal, added beside Decap's root: watched as the root is.
      for (const added of change.addedNodes) {
        if (added instanceof HTMLElement && added.matches('.ReactModalPortal')) {
          observer.observe(added, everything);
        }
      }
    }
    for (const each of drawn) each();
  });
  observer.observe(root, everything);
  observer.observe(document.body, { childList: true });
  for (const portal of document.body.querySelectorAll(':scope > .ReactModalPortal')) {
    observer.observe(portal, everything);
  }
}
