/**
 * `npm run bench:yaml`: why the engine and the web editor read YAML with two libraries
 * (docs/EDITOR.md). It times each way of reading the sample entries' fields, over enough rounds
 * to read 50,000 entries, and bundles each library as the editor's browser script would.
 *
 * - js-yaml `load`: how the engine reads every entry (src/loaders/source.ts).
 * - yaml `parse`: its document made and read back as values, as the editor reads an entry
 *   (src/editor/browser/saving/edit.ts). Its document holds each node's range and style, which the
 *   engine needs only to place a problem, and the editor needs to patch a file in place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import * as jsYaml from 'js-yaml';
import { parse, parseDocument, type Scalar } from 'yaml';
import { contentFolders } from '../../src/config.ts';
import { normalise, splitFrontmatter } from '../../src/lib/frontmatter.ts';
import { median } from '../lib/measure.ts';
import { projectRoot } from '../lib/scratch-project.ts';

const ENTRIES = 50_000;
const ROUNDS = 3;

/** Every sample entry's YAML: a Markdown file's frontmatter, or a whole .yaml file. */
const samples = Object.values(contentFolders).flatMap(({ folder, extensions }) =>
  readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.some((ending) => file.endsWith(ending)))
    .map((file) => normalise(readFileSync(join(projectRoot, folder, file), 'utf8')))
    .map((text) => splitFrontmatter(text)?.yaml ?? text),
);

const ways = {
  'js-yaml load (the engine)': (yaml: string) => jsYaml.load(yaml, { schema: jsYaml.CORE_SCHEMA }),
  'yaml parse (the editor)': (yaml: string) => parse(yaml),
};

/** Seconds to read `ENTRIES` entries, the samples over and over, one way. */
function seconds(read: (yaml: string) => unknown) {
  const start = performance.now();
  for (let done = 0; done < ENTRIES; done += samples.length) for (const yaml of samples) read(yaml);
  return (performance.now() - start) / 1000;
}

console.log(`${samples.length} sample entries, read over and over to ${ENTRIES} entries,`);
console.log(`median of ${ROUNDS} rounds (Node ${process.version}):\n`);
const times: Record<string, number> = {};
for (const read of Object.values(ways)) seconds(read); // warm up every way before timing any
for (const [name, read] of Object.entries(ways)) {
  times[name] = median(Array.from({ length: ROUNDS }, () => seconds(read)));
}
const fastest = Math.min(...Object.values(times));
for (const [name, time] of Object.entries(times)) {
  const each = (time / ENTRIES) * 1e6;
  console.log(
    `${name.padEnd(26)} ${time.toFixed(1)} s   ${each.toFixed(0)} µs an entry   ×${(time / fastest).toFixed(1)}`,
  );
}

/** Minified bytes of a bundle that imports `names` from `library`, for the browser. */
async function bundled(library: string, names: string) {
  const result = await build({
    stdin: { contents: `export { ${names} } from '${library}';`, resolveDir: projectRoot },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  return (result.outputFiles[0]!.contents.length / 1024).toFixed(0);
}
console.log(`\nIn the browser, minified: js-yaml ${await bundled('js-yaml', 'load')} KB,`);
console.log(`yaml ${await bundled('yaml', 'parse, parseDocument, stringify')} KB.`);

// What the editor needs of a node, which only yaml's documents give: where its text lies, and
// how it is written (plain, quoted, folded), so a changed value is replaced in the same style.
const node = parseDocument('title: >-\n  Soup\n').get('title', true) as Scalar;
console.log(
  `\nyaml: "title: >-" has its value at ${node.range?.join('..')}, written ${node.type}.`,
);
const api = Object.keys(jsYaml).filter((name) => name !== 'default');
console.log(`js-yaml: ${api.join(', ')}; values only (its listener option reports the`);
console.log("parser's position as it opens and closes each node: no node kept, no style).");
