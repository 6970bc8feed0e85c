/**
 * The checks of an entry's body text: an `.mdx` body must compile, and must not hold `{…}` text
 * that the page and the feed would silently leave out. One compile with Sätteri, the processor
 * the site builds pages with, answers both. The engine runs them on every file (validate.ts); the
 * web editor runs body-checks.browser.ts, which finds the same problems with a JavaScript parser.
 * Nothing here imports a Node module: Sätteri's WebAssembly build could run this in a browser.
 */
import { type MdastPluginDefinition, mdxToJs } from 'satteri';
import { codeInText, isOnlyComments, notCompiling } from './body-messages';
import type { BodyProblem } from './entry-checks';

/** An expression's source, between its braces, as the MDX parser gives it. */
type Expression = {
  value: string;
  position?: { start: { line: number; column: number } } | undefined;
};

/**
 * Problems in an entry's body, each at its 1-based line and column in the body. A `.md` body
 * has none: braces, `<` and HTML comments are all plain Markdown there. An `.mdx` body is
 * compiled as @astrojs/mdx would; one that does not compile has that one problem, and one that
 * does has a problem at each `{…}` expression that is not only a comment. `import` and `export`
 * lines and JSX tags are code on purpose and are left alone.
 */
export function bodyProblems(body: string, kind: 'md' | 'mdx'): BodyProblem[] {
  if (kind === 'md') return [];
  const expressions: BodyProblem[] = [];
  const expression = (node: Readonly<Expression>) => {
    if (isOnlyComments(node.value)) return;
    const { line = 1, column = 1 } = node.position?.start ?? {};
    expressions.push({ line, column, message: codeInText(node.value) });
  };
  const findExpressions: MdastPluginDefinition = {
    name: 'body-checks-expressions',
    options: { position: true },
    mdxFlowExpression: expression,
    mdxTextExpression: expression,
  };
  try {
    mdxToJs(body, { mdastPlugins: [findExpressions] });
  } catch (error) {
    // The compiler's message starts with the line and column in the body.
    const message = error instanceof Error ? error.message : String(error);
    const [, line = '1', column = '1', rest = message] =
      /^(\d+):(\d+):\s*(.*)$/s.exec(message) ?? [];
    return [{ line: Number(line), column: Number(column), message: notCompiling(rest) }];
  }
  return expressions;
}
