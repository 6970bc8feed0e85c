/** The editor's one page, /admin/: Decap CMS and our start-up script, under their own policy. */
import { LIST_PHOTO } from '../browser/decap';

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
    <link rel="preload" href="./site.json" as="fetch" crossorigin="anonymous">
    <style>
      /* Decap's "(optional)" after a label: the labels say it themselves, from the schema. */
      label[class*='-FieldLabel'] > span { display: none; }
      /* Where the keyboard is always shows: Decap's fields and buttons take their outline away. */
      :focus-visible { outline: 3px solid #1d4ed8 !important; outline-offset: 2px !important; }
      /*
       * A choice's box shows it, not the narrow text box inside it (react-select's); a date box
       * does while the calendar button inside it has the focus.
       */
      [class*='-control']:focus-within, input[type='date']:focus-within {
        outline: 3px solid #1d4ed8 !important; outline-offset: 2px !important;
      }
      /*
       * Colours that read, 4.5:1 at least: Decap's grey words, its teal Publish, its red
       * messages and labels of fields in error, and the toasts' white on bright colours.
       */
      html:root {
        --toastify-color-info: #1d4ed8; --toastify-color-success: #166534;
        --toastify-color-warning: #854d0e; --toastify-color-error: #b91c1c;
      }
      [class*='-SidebarNavLink']:not([aria-current='page']), [class*='-ControlButton'] {
        color: #5d626f !important;
      }
      [class*='-PublishButton'] { background-color: #117888 !important; }
      [class*='-ControlErrorsList'], [class*='-BackStatusChanged'],
      [class*='-FileWidgetButtonRemove'],
      [class*='-ControlContainer']:has([class*='-ControlErrorsList']) > [class*='-ControlHint'] {
        color: #b91c1c !important;
      }
      [class*='-ControlContainer']:has([class*='-ControlErrorsList'])
        > [class*='-ControlTopbar'] > label[class*='-FieldLabel'] {
        background-color: #b91c1c !important;
      }
      /*
       * "Check for Preview" does nothing here: Decap asks the host for a deploy preview of a
       * saved entry and, finding none, offers to ask again (show_preview_links: false does not
       * take it away).
       */
      [class*='-PreviewButtonContainer'] { display: none !important; }
      /* Shown from the first paint until Decap draws its own page. */
      .editor-start {
        display: grid; place-content: center; gap: 0.25rem; min-height: 100vh; margin: 0;
        font: 1rem/1.5 system-ui, sans-serif; text-align: center; color: #3b2a20;
      }
      .editor-start strong { font-size: 1.5rem; color: #c2410c; }
      body:has(#nc-root > *) .editor-start { display: none; }
      /*
       * Decap's Media tab uploads to one folder for the whole site, where no entry can use a
       * photo; each entry's photos are uploaded in its own form, beside it.
       */
      [class*='-AppHeaderNavList'] li:has(> button) { display: none !important; }
      /* The list's copy of an entry's photo (LIST_PHOTO): never edited. */
      [class*='-ControlContainer']:has(> [class*='-ControlTopbar'] > label[for^='${LIST_PHOTO}-field']) {
        display: none !important;
      }
      /*
       * A phone: Decap lays the entry's page out at least 800 px wide. Below that, the toolbar
       * wraps above the form instead, and the form takes the width there is.
       */
      @media (max-width: 799px) {
        [class*='-EditorContainer'] {
          min-width: 0 !important; padding-top: 0 !important;
          display: flex !important; flex-direction: column !important;
        }
        [class*='-ToolbarContainer'] {
          position: static !important; min-width: 0 !important; height: auto !important;
          flex-wrap: wrap !important; row-gap: 0.5rem; padding-block: 0.5rem !important;
        }
        [class*='-ToolbarContainer'] > * { min-width: 0 !important; height: auto !important; }
        [class*='-ToolbarSectionMain'] {
          order: 1; flex: 1 1 100% !important; flex-wrap: wrap !important;
          justify-content: flex-start !important; padding-inline: 12px !important;
        }
        [class*='-ToolbarSubSection'] { flex-wrap: wrap !important; gap: 0.5rem; }
        [class*='-Editor '], [class*='-NoPreviewContainer'] {
          min-width: 0 !important; width: 100% !important;
        }
        [class*='-Editor '] { flex: 1 1 auto; min-height: 0; position: relative; }
        [class*='-NoPreviewContainer'] { flex: 1 !important; min-height: 0 !important; }
        /* The preview, when opened, goes under the form instead of beside it. */
        .SplitPane.vertical { flex-direction: column !important; }
        .SplitPane.vertical > .Pane {
          flex: 1 1 50% !important; width: 100% !important; min-height: 0 !important;
        }
        .SplitPane.vertical > .Resizer { display: none; }
      }
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
