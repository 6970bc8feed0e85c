/**
 * `npm run new` applies the engine's entry-id rule (entryId()) to the title, to the files already
 * there and to the team's ids, and writes the ending contentFolders gives first: it runs here on
 * plain Node, in a copy of the project, as writers run it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { node } from '../support/astro-cli';
import { scratchProject, write } from '../content/scratch';

const post = `---
title: Already Here
excerpt: A post that is already here.
category: Cooking Tips
author: priya-raman
publishDate: 2026-05-30
image:
  src: https://images.unsplash.com/photo-1
  alt: A photo
---

Already here.
`;

const blogFiles = (dir: string) =>
  readdirSync(join(dir, 'src/content/blog'), { recursive: true, encoding: 'utf8' }).sort();

describe('npm run new', () => {
  it('refuses a title whose id a file makes only once slugged: My Title.md for "My Title"', () => {
    const dir = scratchProject();
    write(dir, 'src/content/blog/My Title.md', post);
    const before = blogFiles(dir);
    const { status, output } = node(dir, ['scripts/new-entry.ts', 'post', 'My Title']);
    expect(status).toBe(1);
    expect(output).toContain(
      'npm run new: "My Title" would make the entry "my-title", which src/content/blog/My Title.md ' +
        'already makes. Choose another title, or edit that file.',
    );
    expect(blogFiles(dir)).toEqual(before);
  });

  it('names the file by the id the title makes, with the collection’s first ending', () => {
    const dir = scratchProject();
    const { status, output } = node(dir, [
      'scripts/new-entry.ts',
      'post',
      'Dr. Who’s 1.5 Cups / Day',
    ]);
    expect(status, output).toBe(0);
    expect(output).toContain('Created src/content/blog/dr-whos-15-cups--day.md');
    const member = node(dir, ['scripts/new-entry.ts', 'member', 'Ana Lee']);
    expect(member.output).toContain('Created src/content/team/ana-lee.yaml');
  });

  it('offers the team by their entry ids, as an author field names them', () => {
    const dir = scratchProject();
    write(dir, 'src/content/team/Ana Lee.yaml', 'name: Ana Lee\n');
    expect(node(dir, ['scripts/new-entry.ts', 'post', 'Soup']).status).toBe(0);
    const text = readFileSync(join(dir, 'src/content/blog/soup.md'), 'utf8');
    expect(text).toMatch(/^author: ana-lee # one of: ana-lee, james-okafor, /m);
  });
});
