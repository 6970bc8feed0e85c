/** A writer's workflow, end to end: commit a post file, build, and see it lead the pages. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { astro, scratchProject } from './scratch';

// Each test runs the real Astro CLI on a scratch copy: seconds, not milliseconds.
vi.setConfig({ testTimeout: 180_000 });

const post = `---
title: Salt Your Pasta Water Like You Mean It
excerpt: More than you think, less than the sea. Here is how much, and why it matters.
category: Cooking Tips
author: priya-raman
publishDate: 2026-11-20
comments: 0
image:
  src: https://images.unsplash.com/photo-1473093295043-cdd812d0e601
  alt: A pot of boiling water with a handful of salt being added
---

A well-seasoned pot of water is the first step to a well-seasoned bowl of pasta.
`;

/** Titles of the post cards on a built page, in order. */
function postTitles(html: string): string[] {
  return [...html.matchAll(/<article id="[^"]+"[^>]*>[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map(
    (m) => m[1] ?? '',
  );
}

it('puts a newly committed post with the newest date first on /blog and the home page', () => {
  const dir = scratchProject();
  writeFileSync(join(dir, 'src/content/blog/salt-your-pasta-water.mdx'), post);

  const { status, output } = astro(dir, 'build');
  expect(status, output).toBe(0);

  const blog = postTitles(readFileSync(join(dir, 'dist/blog/index.html'), 'utf8'));
  const home = postTitles(readFileSync(join(dir, 'dist/index.html'), 'utf8'));
  expect(blog).toHaveLength(8);
  expect(blog[0]).toBe('Salt Your Pasta Water Like You Mean It');
  expect(home).toHaveLength(4);
  expect(home[0]).toBe('Salt Your Pasta Water Like You Mean It');
});
