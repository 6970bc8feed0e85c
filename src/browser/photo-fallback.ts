/**
 * Marks a photo that failed to load with `data-broken`, so every engine shows the frame's designed
 * placeholder instead of its own broken-image icon (src/styles/global.css, `.photo-frame`).
 * Chromium and Firefox draw a broken image's `::after`, which the stylesheet uses without this
 * script; WebKit draws neither it nor anything CSS can remove.
 *
 * Inline in <head>, so it hears every photo from the first byte: `error` and `load` do not bubble,
 * but a listener on the document hears them as they pass down to the image.
 */
const mark = (event: Event) => {
  if (event.target instanceof HTMLImageElement) {
    event.target.toggleAttribute('data-broken', event.type === 'error');
  }
};
document.addEventListener('error', mark, true);
document.addEventListener('load', mark, true);
