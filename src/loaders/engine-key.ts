import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * What decides the meaning of an entry file besides the file itself: every module the content
 * config imports, followed through their imports, and the lockfile, which pins the version of
 * every package. A stored entry is reused only while this key is unchanged, so editing a schema,
 * the engine or a rule, or changing a dependency, re-reads every entry.
 */
export function engineKey(root: string, srcDir: string): string {
  const configFile = ['ts', 'mts', 'js', 'mjs']
    .map((extension) => join(srcDir, `content.config.${extension}`))
    .find((file) => existsSync(file));
  if (!configFile) return 'no content config';
  const hash = createHash('sha256');
  for (const [name, text] of [...inputs(root, configFile)].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${name}\0${text}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

// `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, including type-only
// imports: hashing a file too many costs nothing, one too few would serve stale entries.
const specifiers =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

const sourceExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];

/** The local file an import names, as TypeScript and Vite resolve it; undefined for a package. */
function localModule(specifier: string, from: string, srcDir: string): string | undefined {
  const alias = specifier.startsWith('@/');
  if (!alias && !specifier.startsWith('.')) return undefined;
  const base = alias ? join(srcDir, specifier.slice(2)) : resolve(dirname(from), specifier);
  // `./x.js` may name `./x.ts`, as TypeScript allows.
  const stem = base.replace(/\.[mc]?jsx?$/, '');
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => `${stem}${extension}`),
    ...sourceExtensions.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Name → text of everything the key covers. */
function inputs(root: string, configFile: string): Map<string, string> {
  const srcDir = join(root, 'src');
  const lockfile = join(root, 'package-lock.json');
  const found = new Map<string, string>([
    ['package-lock.json', existsSync(lockfile) ? readFileSync(lockfile, 'utf8') : 'none'],
  ]);
  const queue = [configFile];
  for (let file = queue.pop(); file; file = queue.pop()) {
    const name = relative(root, file).split(sep).join('/');
    if (found.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    found.set(name, text);
    for (const match of text.matchAll(specifiers)) {
      const local = localModule(match[1] ?? match[2] ?? '', file, srcDir);
      if (local) queue.push(local);
    }
  }
  return found;
}
