import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The content config's file, among those `engineInputs` names. */
export const isContentConfig = (file: string) => /(^|\/)content\.config\.[mc]?[jt]s$/.test(file);

/**
 * What decides the meaning of an entry file besides the file itself, from the project root: every
 * module of the project the content config runs, itself among them, as esbuild resolves its
 * imports (aliases and `.js` for `.ts` as TypeScript does), and the lockfile, which pins every
 * package. None without a content config.
 */
export async function engineInputs(root: string, srcDir: string): Promise<string[]> {
  const config = ['ts', 'mts', 'js', 'mjs']
    .map((extension) => join(srcDir, `content.config.${extension}`))
    .find((file) => existsSync(file));
  if (!config) return [];
  const { metafile } = await build({
    entryPoints: [config],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    external: ['astro:*'],
    platform: 'node',
    logLevel: 'silent',
  });
  return [...Object.keys(metafile.inputs).sort(), 'package-lock.json'];
}

/**
 * A hash of `engineInputs`. A stored entry is reused only while this key is unchanged, so editing
 * a schema, the engine or a rule, or changing a dependency, reads every entry again.
 */
export async function engineKey(root: string, srcDir: string): Promise<string> {
  const inputs = await engineInputs(root, srcDir);
  if (!inputs.length) return 'no content config';
  const hash = createHash('sha256');
  for (const file of inputs) {
    const path = join(root, file);
    hash.update(`${file}\0${existsSync(path) ? readFileSync(path, 'utf8') : 'none'}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}
