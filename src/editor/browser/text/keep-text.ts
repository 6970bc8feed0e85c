/**
 * How the web editor writes an entry back: by patching the file it read, so that only the values
 * the writer changed change, byte for byte. Comments, quotes, folded text, blank lines, key order
 * and the body stay as they were. A new file (no original) is printed as the editor always has.
 * Pure: no DOM and no Node module, as it is bundled for the browser.
 *
 * The file as a whole is here: its line endings and its body. Its YAML is patched by
 * yaml-patch.ts, block text by yaml-blocks.ts, and printed afresh by yaml-text.ts.
 */
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import type { Data } from './values';
import { patchYaml } from './yaml-patch';
import { freshYaml } from './yaml-text';

/** YAML text for `data`: `original` with only the changed values' text replaced; a fresh print when there is no original. */
export function keptYaml(
  original: string | undefined,
  data: Record<string, unknown>,
  order: string[],
): string {
  if (original === undefined) return freshYaml(data, order);
  return withLineEndings(original, (text) => patchYaml(text, data, order));
}

/** A Markdown/MDX entry file: frontmatter patched as keptYaml does, the body kept byte for byte unless it changed. */
export function keptEntryFile(
  original: string | undefined,
  data: Record<string, unknown>,
  body: string,
  order: string[],
): string {
  if (original === undefined) return freshEntryFile(data, body, order);
  return withLineEndings(original, (text) => patchEntry(text, data, body, order));
}

function freshEntryFile(data: Data, body: string, order: string[]): string {
  const text = String(body).trim();
  return `---\n${freshYaml(data, order)}---\n${text ? `\n${text}\n` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Line endings: the text is patched normalised (LF, no BOM); a BOM and CRLF are put back when
// the original had them. A file mixing CRLF and LF comes back with LF only.

function withLineEndings(original: string, patch: (text: string) => string): string {
  const text = normalise(original);
  const bom = original.startsWith('\uFEFF') ? '\uFEFF' : '';
  const crlf = original.includes('\r\n') && !/(^|[^\r])\n|\r(?!\n)/.test(original);
  const patched = patch(text);
  return bom + (crlf ? patched.replaceAll('\n', '\r\n') : patched);
}

// ---------------------------------------------------------------------------------------------
// Entry files: frontmatter, then the body.

function patchEntry(text: string, data: Data, body: string, order: string[]): string {
  const parts = splitFrontmatter(text);
  if (!parts) return freshEntryFile(data, body, order);
  const lines = text.split('\n');
  const offset = (line: number) =>
    Math.min(
      lines.slice(0, line).reduce((sum, each) => sum + each.length + 1, 0),
      text.length,
    );
  const close = parts.bodyLine - 2;
  const [yamlStart, closeStart, bodyStart] = [offset(1), offset(close), offset(close + 1)];
  const yaml = patchYaml(text.slice(yamlStart, closeStart), data, order);
  return (
    text.slice(0, yamlStart) + yaml + keptBody(text.slice(closeStart, bodyStart), parts.body, body)
  );
}

/**
 * The closing `---` line and the body. The editor reads the body without the blank lines after
 * `---`; if the body it hands back is that text (trailing whitespace aside), the original stays.
 */
function keptBody(closeLine: string, original: string, body: string): string {
  const separator = /^\n*/.exec(original)?.[0] ?? '';
  const rest = original.slice(separator.length);
  if (body.replace(/^\n+/, '').trimEnd() === rest.trimEnd()) return closeLine + original;
  const close = closeLine.endsWith('\n') ? closeLine : `${closeLine}\n`;
  const text = body.replace(/^\s*\n/, '').trimEnd();
  if (!text) return close;
  return `${close}${rest ? separator : '\n'}${text}\n`;
}
