import { extname } from 'node:path';
import { FAILSAFE_SCHEMA, load, Type, types } from 'js-yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node, YAMLError } from 'yaml';
import { yamlExtensions } from '@/config';
import { normalise, splitFrontmatter, type Parts } from '@/lib/frontmatter';
import { fileProblem, type Problem } from './problems';

/** A 1-based place in a file. */
type Position = { line: number; column: number };

/** A content file as the writer saved it, normalised and split into its YAML and its body. */
export type Source = {
  /** The file, relative to the project root. */
  file: string;
  /** The fields as plain values: the frontmatter, or the whole file for .yaml and .yml. */
  data: unknown;
  /** The Markdown or MDX after the frontmatter; empty for YAML files. */
  body: string;
  /** Line in the file where the body starts, so body errors can point into the file. */
  bodyLine: number;
  /** Where the value at `path` starts; the nearest enclosing field when it is missing. */
  locate: (path: readonly PropertyKey[]) => Position;
  /** Where the name of field `key` starts, in the group of fields at `path`. */
  locateKey: (path: readonly PropertyKey[], key: string) => Position;
};

/**
 * An unclosed quote is reported where the YAML parser gave up, often lines later; the writer
 * needs the line where the quote opened: the first line with an odd number of that quote mark.
 */
function quoteStart(yaml: string, message: string): number | undefined {
  const quote = /Missing closing (["'])/.exec(message)?.[1];
  if (!quote) return undefined;
  let offset = 0;
  for (const line of yaml.split('\n')) {
    if (line.split(quote).length % 2 === 0) return offset + line.indexOf(quote);
    offset += line.length + 1;
  }
  return undefined;
}

/** A YAML parse error in a writer's words, with the usual fix. */
function yamlAdvice(error: YAMLError): string {
  const detail = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
  if (detail?.startsWith('Nested mappings are not allowed')) {
    return 'This value contains ": ", which YAML reads as the start of another field. Put the value in quotes, e.g. title: "Soup: A Love Story"';
  }
  if (error.code === 'DUPLICATE_KEY') return 'This field is set twice; keep only one.';
  if (error.code === 'TAB_AS_INDENT') return 'Indent with spaces, not tabs.';
  if (/^Missing closing ["']quote/.test(detail ?? '')) {
    return 'This quote mark is never closed; end the value with the same mark.';
  }
  return `The fields are not valid YAML (${detail}). Check the indentation, and that each field is "name: value".`;
}

/** The field `key` of `node`, when it is a group of fields that has one. */
const pairOf = (node: unknown, key: PropertyKey) =>
  isMap(node) ? node.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;

/** The YAML node at `path`, and the nearest existing ancestor when the path is missing. */
function nodeAt(document: { contents: unknown }, path: readonly PropertyKey[]): Node | undefined {
  let node = document.contents;
  for (const key of path) {
    const pair = pairOf(node, key);
    if (pair) node = pair.value ?? pair.key;
    else if (isSeq(node) && typeof key === 'number' && node.items[key]) node = node.items[key];
    else break;
  }
  return (node as Node | null | undefined) ?? undefined;
}

/** YAML 1.2's core integers: decimal, 0o octal and 0x hex. js-yaml's own also reads 0b binary. */
const coreInt = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text !== null && /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(text),
  // Number() reads all three, and a leading 0 as decimal, as YAML 1.2 does.
  construct: (text: string) => Number(text),
});

/** The YAML 1.2 core schema, as YAML's own parser applies it: no dates, no binary numbers. */
const yaml12 = FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, coreInt, types.float] });

/**
 * The fields as YAML's own parser reads them, keeping where each value is. Several times slower
 * than js-yaml, it runs only when a place in the file is needed, or js-yaml refuses the YAML.
 */
function positioned(file: string, parts: Parts) {
  const lineCounter = new LineCounter();
  const document = parseDocument(parts.yaml, { lineCounter, prettyErrors: false });
  const position = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: parts.yamlLine + line - 1, column: col };
  };
  const problems = document.errors.map((error) => ({
    file,
    ...position(quoteStart(parts.yaml, error.message) ?? error.pos[0]),
    message: yamlAdvice(error),
  }));
  return {
    document,
    // One parse mistake often trips several errors on its line; the first says it best.
    problems: problems.filter((p, i) => problems.findIndex((q) => q.line === p.line) === i),
    locate: (path: readonly PropertyKey[]) => position(nodeAt(document, path)?.range?.[0] ?? 0),
    locateKey: (path: readonly PropertyKey[], key: string) => {
      const parent = nodeAt(document, path);
      const name = pairOf(parent, key)?.key;
      return position((isScalar(name) ? name : parent)?.range?.[0] ?? 0);
    },
  };
}

/**
 * Where a top-level field's value starts, when it is written on the field's own line as plain or
 * quoted text (`author: priya-raman`), found without YAML's own parser: most entries name an
 * author, and placing it must not cost a second parse of every file. Anything else is left to
 * the parser; tests/unit/source.test.ts holds the two to the same answers.
 */
function topLevel(
  { yaml, yamlLine }: Parts,
  data: unknown,
  path: readonly PropertyKey[],
): Position | undefined {
  const [key] = path;
  const value = (data as Record<string, unknown> | undefined)?.[key as string];
  if (path.length !== 1 || typeof key !== 'string' || typeof value !== 'string') return undefined;
  // Read in place, without copying the frontmatter: this runs for nearly every file read.
  const start = yaml.startsWith(`${key}:`) ? 0 : yaml.indexOf(`\n${key}:`) + 1;
  if (!start && !yaml.startsWith(`${key}:`)) return undefined;
  let at = start + key.length + 1;
  while (yaml[at] === ' ' || yaml[at] === '\t') at += 1;
  const end = yaml.indexOf('\n', at);
  const rest = yaml.slice(at, end === -1 ? undefined : end);
  // The line must hold the value too: a line of a longer text could start like a field.
  if (at === start + key.length + 1 || !/^[\w"']/.test(rest) || !rest.includes(value)) {
    return undefined;
  }
  let line = yamlLine;
  for (let i = yaml.indexOf('\n'); i !== -1 && i < start; i = yaml.indexOf('\n', i + 1)) line += 1;
  return { line, column: at - start + 1 };
}

const noFrontmatter =
  'The file must start with its fields between two lines of three dashes (---), ' +
  'then the text. Copy the first lines of another entry to see the shape.';

/**
 * Parses a content file: the source, or the problems that stop it being read at all (no
 * frontmatter, or YAML that does not parse), each at its line. js-yaml reads the fields with the
 * YAML 1.2 core schema, as YAML's own parser does (a date stays text), at a fraction of the cost.
 */
export function parseSource(file: string, raw: string): Source | Problem[] {
  const text = normalise(raw);
  const parts = yamlExtensions.includes(extname(file))
    ? { yaml: text, yamlLine: 1, body: '', bodyLine: 0 }
    : splitFrontmatter(text);
  if (!parts) return [fileProblem(file, noFrontmatter)];

  let places: ReturnType<typeof positioned> | undefined;
  const place = () => (places ??= positioned(file, parts));
  let data: unknown;
  try {
    data = load(parts.yaml, { schema: yaml12 });
  } catch {
    // YAML's own parser says where the mistake is, in a writer's words.
    if (place().problems.length) return place().problems;
    data = place().document.toJS();
  }

  return {
    file,
    data: data ?? {},
    body: parts.body,
    bodyLine: parts.bodyLine,
    locate: (path) => topLevel(parts, data, path) ?? place().locate(path),
    locateKey: (path, key) => place().locateKey(path, key),
  };
}
