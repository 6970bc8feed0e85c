/**
 * esbuild's bundles for /admin/: our scripts and the collections' schemas (admin-files.ts), and
 * Decap's script (decap-app.ts). Made in memory, never written by esbuild itself.
 */
import { basename, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';

/** What esbuild made: each file by its name, and the source files it read for them. */
export type Bundle = { files: Record<string, string>; inputs: string[]; metafile: Metafile };

export async function bundle(options: BuildOptions): Promise<Bundle> {
  const { outputFiles = [], metafile } = await build({
    ...options,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'admin',
    logLevel: 'error',
  });
  if (!outputFiles.length || !metafile) {
    throw new Error(
      `esbuild wrote nothing for ${JSON.stringify(options.entryPoints ?? '<stdin>')}`,
    );
  }
  const files = Object.fromEntries(outputFiles.map((file) => [basename(file.path), file.text]));
  // esbuild names its inputs from the working folder; "<stdin>" and a namespace's are no file.
  const inputs = Object.keys(metafile.inputs)
    .filter((input) => input !== '<stdin>' && !/^(\([\w-]+\)|[\w-]+):/.test(input))
    .map((input) => resolve(input));
  return { files, inputs, metafile };
}

/**
 * How the page loads a script: ES modules, minified, split into chunks named `<name>-…`, each by
 * its content, so a page opened before a change still finds the chunks it asks for.
 */
export const pageScript = (name: string): BuildOptions => ({
  platform: 'browser',
  format: 'esm',
  splitting: true,
  chunkNames: `${name}-[name]-[hash]`,
  minify: true,
});
