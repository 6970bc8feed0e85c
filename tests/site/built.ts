/**
 * The production build in dist/, read as files: each page parsed once (linkedom) and cached, the
 * feeds, sitemap and robots.txt as text. `npm run build` makes it; `npm test` builds first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseHTML } from 'linkedom';

export const dist = join(import.meta.dirname, '../../dist');

if (!existsSync(join(dist, 'index.html'))) {
  throw new Error(`No production build in ${dist}: run \`npm run build\` first.`);
}

/**
 * The built file a static host serves for a URL path: "/recipes" and "/recipes/" are
 * dist/recipes/index.html, "/404" is dist/404.html, "/rss.xml" is dist/rss.xml. Undefined when
 * the build has no such file.
 */
export function builtFile(path: string): string | undefined {
  const route = decodeURIComponent(path.replace(/[?#].*$/, ''));
  return [join(dist, route), join(dist, route, 'index.html'), join(dist, `${route}.html`)].find(
    (file) => statSync(file, { throwIfNoEntry: false })?.isFile(),
  );
}

/** A built file's text, by its URL path ("/rss.xml"); fails when the build has no such file. */
export function builtText(path: string): string {
  const file = builtFile(path);
  if (!file) throw new Error(`The build has no file for ${path}`);
  return readFileSync(file, 'utf8');
}

const documents = new Map<string, Document>();

/** The built page at a URL path ("/", "/recipes", "/404"), parsed once and shared. */
export function page(path: string): Document {
  const file = builtFile(path);
  if (!file?.endsWith('.html')) throw new Error(`The build has no page for ${path}`);
  let document = documents.get(file);
  if (!document) {
    document = parseHTML(readFileSync(file, 'utf8')).document as unknown as Document;
    documents.set(file, document);
  }
  return document;
}

/** The URL path of every built page, "/404" included: dist/recipes/index.html is "/recipes". */
export const builtPages: readonly string[] = readdirSync(dist, {
  recursive: true,
  withFileTypes: true,
})
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => {
    const file = relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/');
    return (
      `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/'
    );
  })
  .sort();
