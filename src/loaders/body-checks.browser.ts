/**
 * The body checks of body-checks.ts for the web editor, with the same API and the same words,
 * parsed in plain JavaScript by micromark's MDX and GFM extensions (the parser @mdx-js/mdx uses)
 * instead of Sätteri. They agree on which bodies have problems and where, which a unit test checks
 * on the sample content and on the bodies where MDX parsers most often differ; the compiler's own
 * reason for a body that does not compile is micromark's, in its words.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { codeInText, isOnlyComments, notCompiling } from './body-messages';
import type { BodyProblem } from './entry-checks';

/** A node of the tree micromark's utilities build: the root, or any node in it. */
type Nodes = ReturnType<typeof fromMarkdown> | ReturnType<typeof fromMarkdown>['children'][number];

/** An error from micromark: a VFileMessage, with its place in the body. */
type ParseError = Error & {
  reason?: string;
  line?: number;
  column?: number;
  source?: string;
  ruleId?: string;
};

/** The compile problem for a parse error, its reason followed by `(source:rule)` as Sätteri's. */
function compileProblem(error: unknown): BodyProblem {
  if (!(error instanceof Error))
    return { line: 1, column: 1, message: notCompiling(String(error)) };
  const { reason = error.message, source, ruleId } = error as ParseError;
  let { line = 1, column = 1 } = error as ParseError;
  // An unclosed tag is placed at the block around it; the reason holds the tag's own place.
  const unclosed = /^Expected a closing tag for `[^`]*` \((\d+):(\d+)/.exec(reason);
  if (unclosed) [line, column] = [Number(unclosed[1]), Number(unclosed[2])];
  const rule =
    source && ruleId
      ? ` (${source.replace(/^(micromark-extension|mdast-util)-/, '')}:${ruleId})`
      : '';
  return { line, column, message: notCompiling(`${reason}${rule}`) };
}

/** Every `{…}` expression in `node`, in the order of the text. */
function expressionsIn(node: Nodes): BodyProblem[] {
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
    if (isOnlyComments(node.value)) return [];
    const { line = 1, column = 1 } = node.position?.start ?? {};
    return [{ line, column, message: codeInText(node.value) }];
  }
  return 'children' in node ? node.children.flatMap((child) => expressionsIn(child)) : [];
}

/**
 * Problems in an entry's body, each at its 1-based line and column in the body, as
 * body-checks.ts finds them: none in a `.md` body; in an `.mdx` body, one problem if it does not
 * parse, else one at each `{…}` expression that is not only a comment.
 */
export function bodyProblems(body: string, kind: 'md' | 'mdx'): BodyProblem[] {
  if (kind === 'md') return [];
  try {
    const tree = fromMarkdown(body, {
      extensions: [mdxjs(), gfm()],
      mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()],
    });
    return expressionsIn(tree);
  } catch (error) {
    return [compileProblem(error)];
  }
}
