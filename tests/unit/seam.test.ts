/**
 * The web editor's seam with Decap: every place the editor touches Decap (its markup and class
 * names, its libraries' toasts and dialogs, its globals, internals, locale and remembered
 * choices, and the one observer of what it draws) is in src/editor/browser/decap/. Elsewhere the
 * editor reaches Decap only through what that folder exports. And the entry open in the form has
 * one owner: no other module of the editor's browser code keeps state of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const SEAM = 'src/editor/browser/decap/';

/** Every source file under `folder`, from the project root. */
const sources = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true })
    .map((file) => `${folder}/${String(file)}`)
    .filter((file) => /\.(tsx?|mjs|astro)$/.test(file));

/** What only the seam may name, and why each is Decap's. */
const DECAP_ONLY: [pattern: RegExp, what: string, where?: 'src'][] = [
  [/class\*=/, "a selector on Decap's generated class names"],
  [/\bnc-[a-z]/, "Decap's own class names and ids"],
  [/Toastify/, "Decap's toasts (react-toastify)"],
  [/ReactModal/, "Decap's dialogs (react-modal)"],
  // A script may watch a visitor's page (scripts/bench/first-click.ts).
  [/MutationObserver/, "an observer of Decap's page", 'src'],
  [/\.api\b/, "Decap's backend internals (`backend.api`)"],
  [/\bpage\.(CMS|h|createClass)\b|CMS_MANUAL_INIT|window\.CMS/, "Decap's globals"],
  // Its React's class components (h, its elements, is handed out by decap/api.ts).
  [/\bcreateClass\b/, "Decap's React classes (createClass)"],
  [/\b(getLocale|registerLocale)\b/, "Decap's locale"],
  [/['"](decap-)?cms\.[\w-]+['"]/, "Decap's localStorage keys"],
  [
    /\b(getBackend|getWidget|registerWidget|registerEventListener|registerCustomFormat)\b/,
    "Decap's registry",
  ],
  [/from ['"](immutable|decap-cms[\w-]*)['"]/, "Decap's packages"],
];

describe("the editor's seam with Decap (src/editor/browser/decap/)", () => {
  const outside = [...sources('src'), ...sources('scripts')].filter(
    (file) => !file.startsWith(SEAM),
  );

  it.each(DECAP_ONLY.map(([pattern, what, where]) => ({ pattern, what, where })))(
    'only the seam names $what',
    ({ pattern, where }) => {
      const found = outside
        .filter((file) => !where || file.startsWith(`${where}/`))
        .flatMap((file) =>
          readFileSync(join(root, file), 'utf8')
            .split('\n')
            .flatMap((line, at) =>
              pattern.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [],
            ),
        );
      expect(found).toEqual([]);
    },
  );

  it('has one observer of Decap’s page, and it is the seam’s markup module', () => {
    const observers = sources('src').flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/new MutationObserver/g)].map(() => file),
    );
    expect(observers).toEqual([`${SEAM}markup.ts`]);
  });

  it('hands its selectors on Decap’s markup to one module outside it, the one that mends that markup for access', () => {
    // Elsewhere the editor finds and places things in Decap's page through the seam's functions
    // (history/'s "Recently deleted" button goes beside Decap's "New" link by besideNewEntryLinks).
    const readers = outside.filter((file) =>
      /import \{[^}]*\bmarkup\b[^}]*\} from '[./]*decap\/markup'/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    );
    expect(readers).toEqual(['src/editor/browser/form/access.ts']);
  });

  it('is where the page’s stylesheet over Decap’s markup lives', () => {
    const css = readFileSync(join(root, SEAM, 'page.css'), 'utf8');
    expect(css).toMatch(/\[class\*='-ControlContainer'\]/);
    // The list's copy of the photo, hidden by its field's name: the contract's LIST_PHOTO.
    const contract = readFileSync(join(root, 'src/editor/contract.ts'), 'utf8');
    const photo = /export const LIST_PHOTO = '(\w+)'/.exec(contract)?.[1];
    expect(css).toContain(`label[for^='${photo}-field']`);
  });
});

/**
 * What a module of the editor's browser code keeps at its top level that can change: a `let` or
 * `var`, or a container made there (`new Map()`, `[]`, `{}` with nothing in it).
 */
function moduleState(file: string, text = readFileSync(join(root, file), 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const constant = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(source);
      const made = declaration.initializer;
      if (!constant) found.push(`${at(declaration)} let ${name}`);
      else if (
        made &&
        ((ts.isNewExpression(made) &&
          /^(Map|Set|WeakMap|WeakSet|Array)$/.test(made.expression.getText(source))) ||
          (ts.isArrayLiteralExpression(made) && made.elements.length === 0) ||
          (ts.isObjectLiteralExpression(made) && made.properties.length === 0))
      ) {
        found.push(`${at(declaration)} ${name} = ${made.getText(source)}`);
      }
    }
  }
  return found;
}

describe('the entry open in the form has one owner (src/editor/browser/open-entry.ts)', () => {
  it('no module of the editor’s browser code keeps state at its top level', () => {
    expect(sources('src/editor/browser').flatMap((file) => moduleState(file))).toEqual([]);
  });

  it('the check finds each kind of state it looks for, and no constant', () => {
    const sample = [
      'let a = 1;',
      'const b = new Map();',
      'const c = [];',
      'const d = {};',
      "const e = { name: 'x' };",
      'const f = () => new Set();',
      'function g() { let h = []; }',
    ].join('\n');
    expect(moduleState('x.ts', sample)).toEqual([
      'x.ts:1 let a',
      'x.ts:2 b = new Map()',
      'x.ts:3 c = []',
      'x.ts:4 d = {}',
    ]);
  });
});
