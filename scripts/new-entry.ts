/**
 * Starts a new entry: `npm run new -- post|recipe|member "Title"`.
 * Writes a file that builds as it is, marked as a draft, with every required field filled in
 * with a value the writer will obviously replace. Never overwrites an existing entry.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { contentFolders, PLACEHOLDER, siteSettings, type CollectionName } from '../src/config.ts';
import { DEFAULT_TIME_ZONE, today } from '../src/lib/publishing.ts';
import { entryId } from '../src/loaders/entry-id.ts';
import { blogCategories, difficulties, recipeCategories } from '../src/schemas/vocabulary.ts';

const root = join(import.meta.dirname, '..');
const kinds = ['post', 'recipe', 'member'] as const;
type Kind = (typeof kinds)[number];

// A stock photo that loads, so the draft looks right in `npm run dev` until it is replaced.
const placeholderPhoto = 'https://images.unsplash.com/photo-1556910103-1c02745aae4d';

function fail(message: string, { usage = true } = {}): never {
  console.error(`npm run new: ${message}`);
  if (usage) console.error('Usage: npm run new -- post|recipe|member "Title or name"');
  process.exit(1);
}

const [kind, ...words] = process.argv.slice(2);
const title = words.join(' ').trim();
if (!kinds.includes(kind as Kind)) fail(`say what to start: ${kinds.join(', ')}.`);
if (!title) fail('give the title (or the member’s name) in quotes.');
// The file is named by the entry id the title makes: the title as one name, its dots and
// slashes dropped so that none reads as a file ending or a folder.
const id = entryId(title.replace(/[./\\]/g, ''));
if (!id) fail(`"${title}" has no letters or digits to make a file name from.`);

// Today in the site's time zone, the one that decides when a date goes live.
const settings = parse(readFileSync(join(root, siteSettings.file), 'utf8')) as {
  timezone?: string;
};
const day = today(settings.timezone ?? DEFAULT_TIME_ZONE);
const team = readdirSync(join(root, contentFolders.team.folder))
  .filter((name) => contentFolders.team.extensions.includes(extname(name)))
  .map((name) => entryId(name))
  .sort();
const quoted = (text: string) => JSON.stringify(text);

const photo = (what: string) => `image:
  src: ${placeholderPhoto} # or a photo beside this file, e.g. ./cover.jpg
  alt: ${PLACEHOLDER} with what the photo shows, e.g. ${what}`;

const templates: Record<Kind, { collection: CollectionName; text: string }> = {
  post: {
    collection: 'blog',
    text: `---
title: ${quoted(title)}
excerpt: ${PLACEHOLDER} with a sentence or two that makes readers want to read on.
category: ${blogCategories[0]} # one of: ${blogCategories.join(', ')}
author: ${team[0]} # one of: ${team.join(', ')}
publishDate: ${day} # the day it goes live (YYYY-MM-DD); a later day schedules it
${photo('a bowl of steaming soup on a wooden table')}
draft: true # delete this line when the post is ready to publish
---

Write your post here in Markdown. Leave a blank line between paragraphs.

## A heading, if you need one
`,
  },
  recipe: {
    collection: 'recipes',
    text: `---
title: ${quoted(title)}
description: ${PLACEHOLDER} with one or two sentences that sell the dish.
category: ${recipeCategories[0]} # one of: ${recipeCategories.join(', ')}
difficulty: ${difficulties[0]} # one of: ${difficulties.join(', ')}
rating: 0 # average reader rating, 0 to 5, one decimal
ratingCount: 1 # how many readers rated it
totalMinutes: 30 # minutes from start to table
servings: 4
${photo('the finished dish on a white plate')}
publishDate: ${day} # the day it goes live (YYYY-MM-DD); a later day schedules it
author: ${team[0]} # one of: ${team.join(', ')}
ingredients:
  - ${PLACEHOLDER} with the first ingredient and its quantity, e.g. 400 g spaghetti
steps:
  - ${PLACEHOLDER} with the first step
draft: true # delete this line when the recipe is ready to publish
---

Anything you want to say about the dish, in Markdown.
`,
  },
  member: {
    collection: 'team',
    text: `name: ${quoted(title)}
role: ${PLACEHOLDER} with their job title, e.g. Pastry Chef
bio: >-
  ${PLACEHOLDER} with a short paragraph about them, in the third person.
${photo('a smiling person in a kitchen')}
order: ${team.length + 1} # position on the about page, lowest first
draft: true # delete this line when the profile is ready for the about page
`,
  },
};

const { collection, text } = templates[kind as Kind];
const { folder, extensions } = contentFolders[collection];
const base = join(root, folder);
const path = join(base, `${id}${extensions[0]}`);

/** Every entry file under `directory`, as the engine reads them: dotfiles and dot-folders skipped. */
function entryFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const inside = join(directory, entry.name);
      if (entry.isDirectory()) return entryFiles(inside);
      return entry.isFile() && extensions.includes(extname(entry.name)) ? [inside] : [];
    });
}

// Any file that makes the same id, as the engine would: `My Title.md`, `my-title/index.mdx`…
const newId = entryId(relative(base, path));
const existing = entryFiles(base)
  .sort()
  .find((file) => entryId(relative(base, file)) === newId);
if (existing) {
  fail(
    `"${title}" would make the entry "${newId}", which ${relative(root, existing)} already makes. ` +
      'Choose another title, or edit that file.',
    { usage: false },
  );
}

mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, text);

console.log(`Created ${relative(root, path)}`);
console.log(
  `Next: fill in the ${PLACEHOLDER} lines${kind === 'member' ? '' : ' and write the text'}. npm run dev shows it.
When it is ready, delete the draft line and run npm run check:content before you commit.`,
);
