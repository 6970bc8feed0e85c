import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { mdxToJs } from 'satteri';
import { parse } from 'yaml';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/;

/** A content file split into its YAML data and its body (empty for .yaml files). */
export function splitEntry(source: string, extension: string): { yaml: string; body: string } {
  if (extension === '.yaml') return { yaml: source, body: '' };
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error('starts without a frontmatter block between two "---" lines');
  return { yaml: match[1] ?? '', body: match[2] ?? '' };
}

// A YAML timestamp at the top level, e.g. `publishDate: 2025-03-12`.
const YAML_DATE = /^(\w+):\s*["']?(\d{4})-(\d{1,2})-(\d{1,2})\b/gm;

/** The first top-level `field: YYYY-MM-DD` that is not a real calendar day, such as 2025-02-30. */
export function findImpossibleDate(yaml: string): { field: string; value: string } | undefined {
  for (const [, field = '', year, month, day] of yaml.matchAll(YAML_DATE)) {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    const real =
      date.getUTCFullYear() === Number(year) &&
      date.getUTCMonth() === Number(month) - 1 &&
      date.getUTCDate() === Number(day);
    if (!real) return { field, value: `${year}-${month}-${day}` };
  }
  return undefined;
}

/** Compiles an MDX body the way @astrojs/mdx would, and returns the compiler's error, if any. */
export function mdxError(body: string): string | undefined {
  try {
    mdxToJs(body);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Reads, checks and validates one file; every failure names the file. */
async function loadEntry(context: LoaderContext, root: string, path: string) {
  const extension = extname(path);
  const file = relative(root, path);
  const source = readFileSync(path, 'utf8');
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}`);
  };

  const { yaml, body } = splitEntry(source, extension);
  const impossible = findImpossibleDate(yaml);
  if (impossible) {
    fail(
      `"${impossible.field}" is ${impossible.value}, which is not a real date. Write it as YYYY-MM-DD, e.g. 2025-03-12.`,
    );
  }
  let raw: unknown;
  try {
    raw = parse(yaml);
  } catch (error) {
    fail(
      `the frontmatter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (extension === '.mdx') {
    const problem = mdxError(body);
    if (problem) fail(`the MDX body does not compile: ${problem}`);
  }

  const id = basename(path, extension);
  const data = await context.parseData({
    id,
    data: (raw ?? {}) as Record<string, unknown>,
    filePath: path,
  });
  context.store.set({ id, data, body, filePath: file, digest: context.generateDigest(source) });
}

/**
 * Loads one entry per `*.mdx` or `*.yaml` file in `base`; the file name is the id.
 *
 * Why not Astro's `glob()`: it registers every MDX entry as a module for `render()`, and the
 * build bundles all of them even though no page renders a body. At 10,000 recipes and 10,000
 * posts that bundling took 67 of the build's 87 s (docs/SCALE.md). This loader keeps the body as
 * text (for read time) and still compiles it, so a broken body fails the build, naming the file.
 * It also rejects dates such as 2025-02-30, which YAML parsers silently roll over.
 * When pages render bodies, use `glob()` for that collection: `render()` needs it.
 */
export function contentFiles({
  base,
  extension,
}: {
  base: string;
  extension: '.mdx' | '.yaml';
}): Loader {
  return {
    name: 'delicious-bites:content-files',
    load: async (context) => {
      const root = fileURLToPath(context.config.root);
      const dir = resolve(root, base);
      const files = readdirSync(dir)
        .filter((name) => extname(name) === extension)
        .map((name) => join(dir, name));

      context.store.clear();
      await Promise.all(files.map((path) => loadEntry(context, root, path)));

      context.watcher?.add(dir);
      context.watcher?.on('all', async (event, path) => {
        if (!path.startsWith(dir) || extname(path) !== extension) return;
        if (event === 'unlink') context.store.delete(basename(path, extension));
        else if (event === 'add' || event === 'change') await loadEntry(context, root, path);
      });
    },
  };
}
