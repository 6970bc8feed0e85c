/**
 * The same entries as a Hugo site, doing the work the site does: list pages only, no page per
 * entry. Each section's `_index.md` cascades `_build: { render: never, list: always }` to its
 * entries, so they feed the lists without pages of their own. The pages show what the site's
 * show, without photos: the home page the 6 newest featured recipes and the 4 newest posts,
 * /recipes/ the 12 newest recipes, /blog/ the 8 newest posts, and each section's RSS feed the
 * newest 20 with their whole bodies. Hugo reads the same YAML frontmatter and leaves out drafts
 * and future-dated entries as the site's build does. Hugo reads no .mdx, so those files are
 * copied as .md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { serverLoop } from './dev-loop.ts';

/** True when a `hugo` command is installed (Debian: `apt-get install hugo`). */
export const hugoInstalled = () => spawnSync('hugo', ['version']).status === 0;

const config = `baseURL = 'https://example.org/'
title = 'Delicious Bites'
disableKinds = ['taxonomy', 'term', 'sitemap', '404', 'robotsTXT']
[outputs]
home = ['HTML']
section = ['HTML', 'RSS']
`;

/**
 * A section's list page: its entries render nowhere else, but every one is listed. The cascade
 * is a list because Hugo 0.111 ignores `_target` in the map form and hides the section too.
 */
const sectionIndex = (title: string) => `---
title: ${title}
cascade:
  - _target:
      kind: page
    _build:
      render: never
      list: always
      publishResources: false
---
`;

/** A card as the site draws one: `firstCardTitle()` (entries.ts) finds the first on a page. */
const card = (text: string) =>
  `<article class="card" id="{{ .File.ContentBaseName }}"><h3>{{ .Title }}</h3><p>{{ ${text} }}</p></article>`;

/** A template `range` over the newest `count` of `pages`, by publish date. */
const newest = (count: number, pages: string) =>
  `{{ range first ${count} (${pages}).ByPublishDate.Reverse }}`;

const layouts = {
  'layouts/_default/baseof.html':
    '<!doctype html><html lang="en"><head><title>{{ .Title }}</title></head><body>{{ block "main" . }}{{ end }}</body></html>\n',
  'layouts/index.html': `{{ define "main" }}<h1>{{ site.Title }}</h1>
<h2>Featured Recipes</h2>${newest(6, 'where (where site.RegularPages "Section" "recipes") "Params.featured" true')}${card('.Params.description')}{{ end }}
<h2>Latest from Our Blog</h2>${newest(4, 'where site.RegularPages "Section" "blog"')}${card('.Params.excerpt')}{{ end }}
{{ end }}
`,
  'layouts/recipes/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1>${newest(12, '.RegularPagesRecursive')}${card('.Params.description')}{{ end }}{{ end }}\n`,
  'layouts/blog/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1>${newest(8, '.RegularPagesRecursive')}${card('.Params.excerpt')}{{ end }}{{ end }}\n`,
  // Entries have no page of their own, so an item links to its card on the section's page.
  'layouts/_default/list.rss.xml': `{{ printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<rss version="2.0"><channel><title>{{ .Title }}</title><link>{{ .Permalink }}</link>
${newest(20, '.RegularPagesRecursive')}<item><title>{{ .Title }}</title><link>{{ $.Permalink }}#{{ .File.ContentBaseName }}</link><guid isPermaLink="false">{{ .File.Path }}</guid><pubDate>{{ .PublishDate.Format "Mon, 02 Jan 2006 15:04:05 -0700" | safeHTML }}</pubDate><description>{{ .Content | html }}</description></item>
{{ end }}</channel></rss>
`,
};

/** Writes a Hugo site in `site` holding the recipes and posts of the project in `project`. */
export function writeHugoSite(site: string, project: string) {
  rmSync(site, { recursive: true, force: true });
  const files = {
    'hugo.toml': config,
    'content/recipes/_index.md': sectionIndex('Recipes'),
    'content/blog/_index.md': sectionIndex('Blog'),
    ...layouts,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    writeFileSync(join(site, file), text);
  }
  for (const collection of ['recipes', 'blog']) {
    const from = join(project, 'src/content', collection);
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
      const source = join(entry.parentPath, entry.name);
      const target = join(site, 'content', collection, relative(from, source)).replace(/x$/, '');
      mkdirSync(dirname(target), { recursive: true });
      cpSync(source, target);
    }
  }
}

// A port of its own, clear of the Astro dev loop's (4398) and the other benchmarks' servers.
const HUGO_PORT = 4397;

/**
 * `hugo server` on the site in `site`, timed as dev-loop.ts times `astro dev`. Its defaults
 * stand (pages rendered into memory, fast render mode, drafts and future entries left out), with
 * two flags: a fixed port, and `--disableLiveReload`, since nothing here listens to the reload
 * socket and a browser's reload is what the polling stands for. Hugo collects file events on a
 * fixed 500 ms tick, so up to half a second of each save is spent waiting for the next tick.
 */
export function hugoServerLoop(site: string, options: { edits?: number } = {}) {
  return serverLoop({
    dir: site,
    command: 'hugo',
    args: ['server', '--port', String(HUGO_PORT), '--disableLiveReload'],
    port: HUGO_PORT,
    postsFolder: 'content/blog',
    ...options,
  });
}
