/**
 * The web editor's checks before a save or a delete (src/editor/browser/saving/draft-checks.ts, site-check.ts), on the
 * sample content as the last build knew it: each problem the build would find is found, at the
 * field the form shows it at, in the engine's words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { contentFolders } from '@/config';
import { splitFrontmatter } from '@/lib/frontmatter';
import { indexFields } from '@/loaders/index-fields';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';
import { draftProblems, idOf, type Draft } from '@/editor/browser/saving/draft-checks';
import { problemsAfter } from '@/editor/browser/saving/site-checks';
import { editorContext } from '@/editor/browser/stand-ins';
import {
  unpublished,
  type EditedCollection,
  type SiteEntry,
  type SiteSnapshot,
} from '@/editor/contract';

const factories = {
  recipes: recipeSchema,
  blog: blogSchema,
  team: teamSchema,
  site: () => siteSchema,
};
const schemaOf = (collection: keyof typeof factories) =>
  factories[collection](editorContext() as never);
const now = new Date('2026-11-26T12:00:00Z');

/** A sample file's fields and body, as the editor reads them. */
function sample(file: string) {
  const text = readFileSync(file, 'utf8');
  const parts = splitFrontmatter(text);
  const fields = parse(parts?.yaml ?? text) as Record<string, unknown>;
  return { fields, body: parts?.body.replace(/^\n+/, '') };
}

/** The sample content as the last build's index knew it. */
function snapshot(): SiteSnapshot {
  const entries = Object.entries(contentFolders).flatMap(([collection, { folder }]) =>
    readdirSync(folder).map((name): SiteEntry => {
      const file = `${folder}/${name}`;
      const parsed = schemaOf(collection as keyof typeof factories).parse(sample(file).fields);
      const id = idOf(collection as EditedCollection, file);
      return { collection, id, file, ...indexFields(parsed as Record<string, unknown>) };
    }),
  );
  return { entries };
}

/** A draft of the sample `file`, with `change` made to its fields. */
function draftOf(collection: EditedCollection, name: string, change = {}): Draft {
  const file = `${contentFolders[collection].folder}/${name}`;
  const { fields, body } = sample(file);
  const nameField = collection === 'team' ? 'name' : 'title';
  return { collection, file, fields: { ...fields, ...change }, body, nameField };
}

/** The sample file a draft in the snapshot was made from, before its file was hidden. */
const draftFile = (entry: SiteEntry) =>
  readdirSync(contentFolders.blog.folder).find(
    (name) => unpublished(`${contentFolders.blog.folder}/${name}`) === entry.file,
  )!;

const check = (draft: Draft, site = snapshot()) =>
  draftProblems(draft, { schema: schemaOf(draft.collection), site, now }).problems;

describe('the web editor’s checks before a save', () => {
  it('finds nothing wrong with any sample entry saved as it is', () => {
    const site = snapshot();
    for (const entry of site.entries.filter((e) => e.collection !== 'site')) {
      const name = entry.file.split('/').at(-1)!;
      expect(check(draftOf(entry.collection as EditedCollection, name), site)).toEqual([]);
    }
  });

  it('names an unknown field with the nearest known one, as the build does', () => {
    const problems = check(draftOf('recipes', 'pasta-carbonara.mdx', { titel: 'Carbonara' }));
    expect(problems).toEqual([
      {
        path: ['titel'],
        message: expect.stringMatching(/did you mean "title"/i) as string,
        unknownField: true,
      },
    ]);
  });

  it('shows a schema problem at its field, in the engine’s words', () => {
    const problems = check(draftOf('recipes', 'pasta-carbonara.mdx', { rating: 4.75 }));
    expect(problems.map((p) => p.path)).toEqual([['rating']]);
    expect(problems[0]!.message).toMatch(/one decimal/i);
  });

  it('stops {…} text in an .mdx body at its line, and lets it be in a .md one', () => {
    const mdx = draftOf('blog', 'the-five-minute-pan-sauce.mdx');
    const braces = { ...mdx, body: 'First line.\n\nUse {curly} braces.\n' };
    expect(check(braces)).toEqual([
      { path: ['body'], message: expect.stringMatching(/^Line 3: "\{curly\}" is code/) as string },
    ]);
    const md = { ...braces, file: 'src/content/blog/use-braces/index.md' };
    expect(check({ ...md, body: 'Use {curly} braces, a < b and <!-- a note -->.\n' })).toEqual([]);
  });

  it('refuses a photo path inside the text, as the build does', () => {
    const draft = {
      ...draftOf('blog', 'the-five-minute-pan-sauce.mdx'),
      body: '![A pan](./pan.jpg)\n',
    };
    expect(check(draft)).toEqual([
      {
        path: ['body'],
        message: expect.stringMatching(/^Line 1: The photo "\.\/pan\.jpg"/) as string,
      },
    ]);
  });

  it('refuses a new entry whose id another file already makes, even one that only clashes once slugged', () => {
    const copy = draftOf('recipes', 'pasta-carbonara.mdx');
    const draft = { ...copy, file: 'src/content/recipes/Pasta-Carbonara/index.md' };
    expect(check(draft)).toEqual([
      {
        path: ['title'],
        message:
          'This file and src/content/recipes/pasta-carbonara.mdx both make the entry "pasta-carbonara". Choose another title.',
      },
    ]);
  });

  it('knows a draft the built site names only by a digest: a clash with it, and no clash with itself', () => {
    const site = snapshot();
    const draft = site.entries.find((e) => e.placement.draft)!;
    Object.assign(draft, { id: unpublished(draft.id), file: unpublished(draft.file) });
    const name = draftFile(draft);
    expect(check(draftOf('blog', name), site)).toEqual([]);
    const copy = {
      ...draftOf('blog', name),
      file: `src/content/blog/${name.replace(/\.mdx$/, '')}/index.md`,
    };
    expect(check(copy, site)).toEqual([
      {
        path: ['title'],
        message: expect.stringMatching(
          /^This file and a draft or scheduled entry both make the entry/,
        ) as string,
      },
    ]);
  });

  it('refuses a save that leaves a page list short, at the Draft switch', () => {
    const site = snapshot();
    const featured = site.entries.filter((e) => e.placement.featured);
    expect(featured.length).toBe(6);
    const name = featured[0]!.file.split('/').at(-1)!;
    const problems = check(draftOf('recipes', name, { draft: true }), site);
    expect(problems.map((p) => p.path)).toEqual([['draft']]);
    expect(problems[0]!.message).toMatch(/Featured Recipes on the home page/);
  });
});

describe('the web editor’s checks before a delete', () => {
  it('refuses to delete a team member that entries still name, naming them', () => {
    const site = snapshot();
    const named = site.entries.filter((e) => e.references.some((r) => r.id === 'priya-raman'));
    const problems = problemsAfter(site, { remove: 'src/content/team/priya-raman.yaml' }, now);
    expect(new Set(problems.map((p) => p.file))).toEqual(new Set(named.map((e) => e.file)));
    expect(problems[0]!.message).toMatch(/There is no team entry "priya-raman"/);
  });

  it('lets an entry go that nothing needs', () => {
    const site = snapshot();
    const plain = site.entries.find((e) => e.collection === 'blog' && !e.placement.draft)!;
    site.entries.push({ ...plain, id: 'spare', file: 'src/content/blog/spare.md' });
    expect(problemsAfter(site, { remove: 'src/content/blog/spare.md' }, now)).toEqual([]);
  });
});
