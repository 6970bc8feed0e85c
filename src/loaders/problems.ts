import { plural } from '@/lib/format';

/** A field's place in an entry's data: `['image', 'src']`, `['steps', 2]`. */
export type FieldPath = readonly PropertyKey[];

/**
 * A field's path as writers read it, the one way it is written: `["image", "src"]` is
 * "image.src", `["steps", 2]` "steps[2]". With `anyItem`, "steps[]": the field of every step, as
 * the web editor's form names its fields.
 */
export const fieldName = (path: FieldPath, { anyItem = false } = {}) =>
  path.reduce<string>(
    (name, key) =>
      typeof key === 'number'
        ? `${name}[${anyItem ? '' : key}]`
        : name
          ? `${name}.${String(key)}`
          : String(key),
    '',
  );

/** Something a writer must fix, pinned to the place in the file where it is. */
export type Problem = {
  /** The file, relative to the project root, with forward slashes. */
  file: string;
  /** 1-based line in the file; absent when the problem is about a whole folder. */
  line?: number;
  /** 1-based column in the file. */
  column?: number;
  /** The field, as a dotted path such as `image.src`; absent for whole-file problems. */
  field?: string;
  /** What is wrong and how to fix it, in a writer's words. */
  message: string;
  /** The field, when the problem is found in an entry's data and its line is still to be found. */
  path?: FieldPath;
};

/** A problem about a whole file, such as its name or its first line. */
export function fileProblem(file: string, message: string): Problem {
  return { file, line: 1, column: 1, message };
}

const byPlace = (a: Problem, b: Problem) =>
  a.file.localeCompare(b.file) ||
  (a.line ?? 0) - (b.line ?? 0) ||
  (a.column ?? 0) - (b.column ?? 0);

const said = (p: Problem) => `${p.field ? `${p.field}: ` : ''}${p.message}`;

/** Every problem of one run, each at its `file:line:column`, which editors turn into a link. */
export function formatProblems(
  problems: readonly Problem[],
  consequence = 'Nothing was built; fix these and run it again:',
): string {
  const [count, files] = [problems.length, new Set(problems.map((p) => p.file)).size];
  const place = (p: Problem) => (p.line ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file);
  return [
    `The content has ${count} ${plural(count, 'problem')} in ${files} ${plural(files, 'file')}. ${consequence}`,
    '',
    ...[...problems].sort(byPlace).map((p) => `  ${place(p)}\n    ${said(p)}`),
  ].join('\n');
}

/** GitHub Actions workflow commands that pin each problem to its line in a pull request. */
export function githubAnnotations(problems: readonly Problem[]): string[] {
  // Workflow commands end at a newline, and their properties end at a comma or a colon.
  const escape = (text: string) =>
    text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const property = (text: string) => escape(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const line = (p: Problem) => (p.line ? `,line=${p.line},col=${p.column ?? 1}` : '');
  return [...problems]
    .sort(byPlace)
    .map((p) => `::error file=${property(p.file)}${line(p)}::${escape(said(p))}`);
}
