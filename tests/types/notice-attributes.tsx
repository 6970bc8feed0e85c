// Checked by `npm run check` (astro check): a `data-notice` outside the notice catalogue is a
// type error in React and in Astro markup. Each @ts-expect-error fails the check if the typo
// ever stops being an error.

export const known = <button type="button" data-notice="notImplemented" />;

// @ts-expect-error: "notImplementd" is not a notice id.
export const typoInReact = <button type="button" data-notice="notImplementd" />;

export const knownInAstro: astroHTML.JSX.ButtonHTMLAttributes = { 'data-notice': 'messageSent' };

// @ts-expect-error: "mesageSent" is not a notice id.
export const typoInAstro: astroHTML.JSX.ButtonHTMLAttributes = { 'data-notice': 'mesageSent' };
