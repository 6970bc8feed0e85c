/** The editor's one page, /admin/: Decap CMS and our start-up script, under their own policy. */
import { readFileSync } from 'node:fs';

/** The page's styles: over Decap's markup, they are the seam's (browser/decap/page.css). */
const stylesheet = readFileSync(new URL('../browser/decap/page.css', import.meta.url), 'utf8');
const indent = (css: string) =>
  css
    .trim()
    .split('\n')
    .map((line) => (line ? `      ${line}` : line))
    .join('\n');

/**
 * Where the editor may load from and talk to. Decap needs eval (its config checker compiles
 * schemas) and inline styles (its components style themselves); the site's pages allow neither.
 * It talks to GitHub's API, or to the local proxy that `npm run editor` starts.
 */
export const editorPolicy = (localPort: number) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' blob: data: http://localhost:${localPort} https://api.github.com`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');

export const editorPage = (policy: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta name="referrer" content="no-referrer">
    <meta http-equiv="Content-Security-Policy" content="${policy}">
    <title>Content editor · Delicious Bites</title>
    <link rel="preload" href="./config.json" as="fetch" crossorigin="anonymous">
    <style>
${indent(stylesheet)}
    </style>
    <script type="module" src="./editor.js"></script>
    <script type="module" src="./decap.js"></script>
  </head>
  <body>
    <div class="editor-start" role="status">
      <strong>Delicious Bites</strong>
      <span>Content editor: loading…</span>
    </div>
  </body>
</html>
`;
