// Synthetic recipes and posts for the scale benchmark, written the ways writers write them:
// .mdx and .md files, some in year folders, some as a folder per entry, a few drafts and a few
// scheduled, each about as long as a committed entry (3 KB). Field values come from the schemas'
// own lists, so they are always valid.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { blogCategories, difficulties, recipeCategories } from '../../src/schemas/vocabulary.ts';

const paragraph =
  'Good cooking is mostly patience and salt. Taste as you go, keep the heat honest, and ' +
  'let the pan tell you when it is ready. Every step here is written so it works on a busy ' +
  'Tuesday with ordinary pans and supermarket ingredients.';

const body = (n: number) =>
  `Notes for entry ${n}.\n\n## Why it works\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n` +
  `## How to make it yours\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n` +
  `- Prep first.\n- Cook second.\n- Taste before you serve.\n`;

/** The nth of a list, cycling. */
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** A date in the past for most entries; every 50th is scheduled, every 40th is a draft. */
function dates(n: number) {
  const day = new Date(Date.UTC(2020, 0, 1) + (n % 2000) * 86_400_000);
  const publishDate = n % 50 === 0 ? '2099-01-01' : day.toISOString().slice(0, 10);
  return `publishDate: ${publishDate}\n${n % 40 === 0 ? 'draft: true\n' : ''}`;
}

/** Where entry n goes: a quarter .md, a quarter in a year folder, a few as folders. */
function path(folder: string, n: number) {
  if (n % 10 === 0) return join(folder, `synthetic-${n}`, 'index.md');
  if (n % 4 === 1) return join(folder, `synthetic-${n}.md`);
  if (n % 4 === 2) return join(folder, String(2020 + (n % 6)), `synthetic-${n}.mdx`);
  return join(folder, `synthetic-${n}.mdx`);
}

const image = (n: number) =>
  `image:\n  src: https://images.unsplash.com/photo-${1500000000000 + n}\n  alt: Dish number ${n}\n`;

function recipe(n: number, author: string) {
  return `---
title: Synthetic Recipe ${n}
description: A generated recipe for measuring builds.
category: ${nth(recipeCategories, n)}
difficulty: ${nth(difficulties, n)}
rating: ${(4 + (n % 10) / 10).toFixed(1)}
ratingCount: ${10 + (n % 90)}
totalMinutes: ${15 + (n % 60)}
servings: ${1 + (n % 6)}
featured: ${n % 3 === 0}
author: ${author}
${dates(n)}${image(n)}ingredients:
  - 400 g pasta
  - 2 cloves garlic
steps:
  - Boil the pasta.
  - Make the sauce.
---

${body(n)}`;
}

function post(n: number, author: string) {
  return `---
title: Synthetic Post ${n}
excerpt: A generated post for measuring builds.
category: ${nth(blogCategories, n)}
author: ${author}
comments: ${n % 100}
${dates(n)}${image(n)}---

${body(n)}`;
}

/** Adds `count` synthetic recipes and posts to the project in `dir`. */
export function writeSynthetic(dir: string, count: number) {
  const team = readdirSync(join(dir, 'src/content/team')).map((f) => f.replace(/\.ya?ml$/, ''));
  for (let n = 1; n <= count; n += 1) {
    for (const [folder, make] of [
      ['src/content/recipes', recipe],
      ['src/content/blog', post],
    ] as const) {
      const file = join(dir, path(folder, n));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, make(n, nth(team, n)));
    }
  }
}
