/**
 * The script errors of a page, for engines whose protocol reports none (WebDriver classic), and
 * the same way in every engine: the test host serves `captureScriptErrors` as
 * /__test__/capture-errors.js and puts it first in every page's <head>, so it hears everything
 * from the first byte. A same-origin script is what the site's policy (script-src 'self') allows,
 * and it leaves the hashes of the page's own inline scripts as they are.
 */

export type ScriptError = {
  kind: 'error' | 'unhandledrejection' | 'securitypolicyviolation';
  message: string;
};

declare global {
  interface Window {
    __scriptErrors?: ScriptError[];
  }
}

/** The path the test host serves the capture script at. */
export const CAPTURE_SCRIPT_PATH = '/__test__/capture-errors.js';

/** In the page: records uncaught errors, unhandled rejections and CSP violations. */
export function captureScriptErrors(): void {
  const errors: ScriptError[] = (window.__scriptErrors = []);
  // Only script errors reach the window: a photo or a script that fails to load fires `error` at
  // its element, and that event does not bubble.
  addEventListener('error', ({ message, filename, lineno }) =>
    errors.push({ kind: 'error', message: `${message} (${filename}:${lineno})` }),
  );
  addEventListener('unhandledrejection', ({ reason }) =>
    errors.push({
      kind: 'unhandledrejection',
      message: reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason),
    }),
  );
  addEventListener('securitypolicyviolation', ({ effectiveDirective, blockedURI }) =>
    errors.push({
      kind: 'securitypolicyviolation',
      message: `${effectiveDirective} blocked ${blockedURI}`,
    }),
  );
}

/** In the page: what the capture script recorded, or null when it is not there to record. */
export function recordedScriptErrors(): ScriptError[] | null {
  return window.__scriptErrors ?? null;
}

/** Puts the capture script first in a page's <head>. */
export function withCaptureScript(html: string): string {
  const head = /<head(\s[^>]*)?>/;
  if (!head.test(html)) throw new Error('The page has no <head> for the capture script');
  return html.replace(head, (tag) => `${tag}<script src="${CAPTURE_SCRIPT_PATH}"></script>`);
}
