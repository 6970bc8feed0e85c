/**
 * How an entry file is split into its YAML and its body, shared by the content engine
 * (src/loaders/source.ts) and the web editor (src/editor/browser/saving/edit.ts), so both read a file
 * alike. Nothing here may import a Node module.
 */

/**
 * Reads the text of a content file. Windows editors may add a byte-order mark and CRLF line
 * endings; both are removed, so every file reads the same and line numbers stay true.
 */
export function normalise(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** A file's YAML and its body, each with the line it starts on. */
export type Parts = { yaml: string; yamlLine: number; body: string; bodyLine: number };

/** The frontmatter and the body of a Markdown file; undefined when it has no frontmatter. */
export function splitFrontmatter(text: string): Parts | undefined {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== '---') return undefined;
  const close = lines.findIndex((line, index) => index > 0 && line.trimEnd() === '---');
  if (close === -1) return undefined;
  return {
    yaml: lines.slice(1, close).join('\n'),
    yamlLine: 2,
    body: lines.slice(close + 1).join('\n'),
    bodyLine: close + 2,
  };
}
