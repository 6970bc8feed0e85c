/**
 * The same entries as a Hugo site, for comparison: Hugo renders a page per entry, reads the same
 * YAML frontmatter, and leaves out drafts and future-dated entries as the site does. Hugo reads
 * no .mdx, so those files are copied as .md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** True when a `hugo` command is installed (Debian: `apt-get install hugo`). */
export const hugoInstalled = () => spawnSync('hugo', ['version']).status === 0;

const config = `baseURL = 'https://example.org/'
title = 'Delicious Bites'
disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']
`;

const layouts = {
  'layouts/_default/baseof.html':
    '<!doctype html><html lang="en"><head><title>{{ .Title }}</title></head><body>{{ block "main" . }}{{ end }}</body></html>\n',
  'layouts/_default/single.html':
    '{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}\n',
  'layouts/_default/list.html':
    '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range first 12 .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n',
};

/** Writes a Hugo site in `site` holding the recipes and posts of the project in `project`. */
export function writeHugoSite(site: string, project: string) {
  rmSync(site, { recursive: true, force: true });
  for (const [file, text] of Object.entries({ 'hugo.toml': config, ...layouts })) {
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
