/**
 * The engine's core on plain data: entries as the index keeps them, built through the schemas,
 * the site's own rules (src/config.ts), one "now" and one mode. Only the rule under test is
 * asserted: these collections are far too small to fill the pages.
 */
import { describe, expect, it } from 'vitest';
import { feedLists, pageLists, siteRules, type SiteRules } from '@/config';
import { newestFirst, type Mode } from '@/lib/publishing';
import { decide, type Content } from '@/loaders/decide';
import { indexFields } from '@/loaders/index-fields';
import type { IndexedEntry } from '@/loaders/entry-index';
import type { Problem } from '@/loaders/problems';
import { fieldName } from '@/loaders/problems';
import { entry } from '../support/fixtures';

type Kind = Parameters<typeof entry>[0];

/** Where the index says a top-level field's value is: on line 2 + its place among the fields. */
const placeIn = (data: Record<string, unknown>) => (path: readonly (string | number)[]) => ({
  line: 2 + Object.keys(data).indexOf(String(path[0])),
  column: String(path[0]).length + 3,
});

/** One entry as the index keeps it. */
const indexed = (kind: Kind, id: string, fields: Record<string, unknown> = {}): IndexedEntry => {
  const { filePath, data } = entry(kind, id, fields);
  const stamp = { size: 0, mtimeMs: 0, ctimeMs: 0 };
  const fieldsRead = data as Record<string, unknown>;
  const index = indexFields(fieldsRead, placeIn(fieldsRead));
  return { collection: kind, id, file: filePath, ...stamp, digest: '', photos: [], ...index };
};

/** The content the catalogue would hand the core for `entries`. */
function contentOf(entries: IndexedEntry[], { rejected = 0, ids = [] as string[] } = {}): Content {
  const lists = Map.groupBy(entries, (e) => e.collection);
  for (const list of lists.values()) list.sort((a, b) => newestFirst(a.placement, b.placement));
  const find = (collection: string, id: string) =>
    entries.find((e) => e.collection === collection && e.id === id);
  return {
    entries: lists,
    entry: find,
    has: (collection, id) => !!find(collection, id) || ids.includes(`${collection}/${id}`),
    ids: (collection) => entries.filter((e) => e.collection === collection).map((e) => e.id),
    rejected: () => rejected,
    problems: [],
  };
}

const NOW = new Date('2026-06-01T12:00:00Z');

function run(
  entries: IndexedEntry[],
  { mode = 'build' as Mode, rules = siteRules, now = NOW, rejected = 0, ids = [] as string[] } = {},
) {
  return decide(contentOf(entries, { rejected, ids }), rules, { now, mode });
}

const held = (decision: ReturnType<typeof decide>, collection: string) =>
  [...(decision.holds.get(collection) ?? [])].sort();

/** `count` recipes or posts, the nth dated n days into 2026; every fifth recipe featured. */
const dated = (
  collection: 'recipes' | 'blog',
  count: number,
  fields: (n: number) => Record<string, unknown> = () => ({}),
) =>
  Array.from({ length: count }, (_, i) =>
    indexed(collection, `${collection}-${i + 1}`, {
      title: `${collection} ${i + 1}`,
      publishDate: new Date(Date.UTC(2026, 0, i + 1)).toISOString().slice(0, 10),
      ...(collection === 'recipes' && { featured: (i + 1) % 5 === 0 }),
      ...fields(i + 1),
    }),
  );
/** `blog-<from>`, `blog-<from - 1>`, … : the newest-first ids of a range. */
const newest = (collection: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${collection}-${from - i}`);
const longest = (collection: string) =>
  Math.max(
    ...[...Object.values(pageLists), ...Object.values(feedLists)]
      .filter((list) => list.collection === collection)
      .map((list) => list.count),
  );

describe('picks', () => {
  it('are the newest entries of each list, newest first', () => {
    const { picks } = run([...dated('recipes', 30), ...dated('blog', 30)]);
    expect(picks.get('recipeGrid')).toEqual(newest('recipes', 30, pageLists.recipeGrid.count));
    expect(picks.get('blogGrid')).toEqual(newest('blog', 30, pageLists.blogGrid.count));
    expect(picks.get('homePosts')).toEqual(newest('blog', 30, pageLists.homePosts.count));
    expect(picks.get('featuredRecipes')).toEqual(
      ['recipes-30', 'recipes-25', 'recipes-20', 'recipes-15', 'recipes-10', 'recipes-5'].slice(
        0,
        pageLists.featuredRecipes.count,
      ),
    );
  });

  it('break a tie of days by title, so the order never depends on the file system', () => {
    const [a, b] = ['b tie', 'a tie'].map((title, n) =>
      indexed('blog', `tie-${n}`, { title, publishDate: '2026-05-01' }),
    );
    expect(run([a!, b!]).picks.get('blogGrid')).toEqual(['tie-1', 'tie-0']);
  });

  it('leave drafts and scheduled entries out of a build', () => {
    const posts = dated('blog', 12, (n) =>
      n === 12 ? { draft: true } : n === 11 ? { publishDate: '2026-12-24' } : {},
    );
    expect(run(posts).picks.get('blogGrid')).toEqual(newest('blog', 10, 8));
  });

  it('take an entry on its day, read in the site’s time zone', () => {
    // 23:30 UTC on May 31 is already June 1 in Rome.
    const post = indexed('blog', 'june', { publishDate: '2026-06-01' });
    const now = new Date('2026-05-31T23:30:00Z');
    expect(run([post], { now }).picks.get('blogGrid')).toEqual([]);
    const rome = indexed('site', 'site', { timezone: 'Europe/Rome' });
    expect(run([post, rome], { now }).picks.get('blogGrid')).toEqual(['june']);
  });

  it('in astro dev, take drafts and scheduled entries on the pages, but never in the feeds', () => {
    const posts = dated('blog', 25, (n) =>
      n === 25 ? { draft: true } : n === 24 ? { publishDate: '2026-12-24' } : {},
    );
    const { picks } = run(posts, { mode: 'dev' });
    // The scheduled post is dated December, so it leads.
    expect(picks.get('blogGrid')).toEqual(['blog-24', 'blog-25', ...newest('blog', 23, 6)]);
    expect(picks.get('blogFeed')).toEqual(newest('blog', 23, feedLists.blogFeed.count));
  });
});

describe('what the store holds', () => {
  it('is every pick, and nothing older', () => {
    const decision = run([...dated('recipes', 30), ...dated('blog', 30)]);
    expect(held(decision, 'blog')).toEqual(newest('blog', 30, longest('blog')).sort());
    // The six newest featured recipes are 30, 25 … 5: two are older than the newest twenty.
    expect(held(decision, 'recipes')).toEqual(
      [...newest('recipes', 30, longest('recipes')), 'recipes-10', 'recipes-5'].sort(),
    );
  });

  it('is the team and the site settings whole, a drafted member only in astro dev', () => {
    const entries = [
      indexed('team', 'ana'),
      indexed('team', 'ben', { draft: true }),
      indexed('site', 'site'),
    ];
    expect(held(run(entries), 'team')).toEqual(['ana']);
    expect(held(run(entries, { mode: 'dev' }), 'team')).toEqual(['ana', 'ben']);
    expect(held(run(entries), 'site')).toEqual(['site']);
  });

  it('follows references: Today’s Special, though no list picks it, and its author', () => {
    const rules: SiteRules = { pageLists: {}, feedLists: {}, wholeCollections: ['site'] };
    const entries = [
      indexed('site', 'site', { todaysSpecial: 'pasta' }),
      indexed('recipes', 'pasta', { author: 'ana' }),
      indexed('recipes', 'soup'),
      indexed('team', 'ana'),
    ];
    const decision = run(entries, { rules });
    expect(held(decision, 'recipes')).toEqual(['pasta']);
    expect(held(decision, 'team')).toEqual(['ana']);
  });
});

/** A problem's field, as the engine names it when it places the problem at its line. */
const field = (problem: Problem) => problem.path && fieldName(problem.path);
const placeholderProblems = (problems: Problem[]) =>
  problems.filter((p) => p.message.includes('npm run new'));

describe('placeholders left by npm run new', () => {
  it('stop a post that is no longer a draft, at the field that still holds one', () => {
    const { problems } = run([indexed('blog', 'salt', { excerpt: 'REPLACE with a sentence.' })]);
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({ file: 'src/content/blog/salt.mdx', path: ['excerpt'] }),
    ]);
  });

  it('name the list item of a recipe, and the nested alt text, that still hold one', () => {
    const ragu = indexed('recipes', 'ragu', {
      steps: ['Brown the meat.', 'REPLACE with the next step'],
      image: { src: 'https://images.unsplash.com/photo-1', alt: 'REPLACE with the photo' },
    });
    expect(
      placeholderProblems(run([ragu]).problems)
        .map(field)
        .sort(),
    ).toEqual(['image.alt', 'steps[1]']);
  });

  it('stop a scheduled post too, which would go live on its day without anyone looking', () => {
    const later = indexed('blog', 'later', { publishDate: '2026-12-24', excerpt: 'REPLACE me' });
    expect(placeholderProblems(run([later]).problems)).toHaveLength(1);
  });

  it('stop a team member who is on the about page', () => {
    const { problems } = run([indexed('team', 'ana', { role: 'REPLACE with a job' })]);
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({ file: 'src/content/team/ana.yaml', path: ['role'] }),
    ]);
  });

  it('are fine in drafts, which is how npm run new writes them', () => {
    const { problems } = run([
      indexed('blog', 'salt', { excerpt: 'REPLACE me', draft: true }),
      indexed('team', 'ana', { role: 'REPLACE with a job', draft: true }),
    ]);
    expect(placeholderProblems(problems)).toEqual([]);
  });

  it('are only placeholders at the start of a value: the word inside a sentence is fine', () => {
    const { problems } = run([indexed('blog', 'salt', { excerpt: 'When to REPLACE knives.' })]);
    expect(placeholderProblems(problems)).toEqual([]);
  });
});

describe('page counts', () => {
  const entries = (collection: 'recipes' | 'blog', count: number, fields = {}) =>
    Array.from({ length: count }, (_, i) => indexed(collection, `e${i}`, fields));
  const featured = (recipes: boolean) => (recipes ? { featured: true } : {});

  it.each(Object.entries(pageLists))(
    '%s: names the page, the count and the supply when it cannot be filled',
    (_, list) => {
      const isRecipes = list.collection === 'recipes';
      const { problems } = run(entries(list.collection, list.count - 1, featured(isRecipes)));
      expect(problems).toContainEqual({
        file: `src/content/${list.collection}`,
        message: `${list.label} needs ${list.count}, but only ${list.count - 1} are published. Add entries, or publish ones that are waiting.`,
      });
    },
  );

  it('are met by exactly as many published entries as each page shows', () => {
    const most = (collection: string) =>
      Math.max(
        ...Object.values(pageLists)
          .filter((list) => list.collection === collection)
          .map((list) => list.count),
      );
    const { problems } = run([
      ...entries('recipes', most('recipes'), { featured: true }),
      ...entries('blog', most('blog')),
      indexed('team', 'sofia'),
    ]);
    expect(problems).toEqual([]);
  });

  it('count only featured recipes for the home page, and say what waits and what was left out', () => {
    const { count, label } = pageLists.featuredRecipes;
    const { problems } = run(
      [
        ...entries('recipes', count - 2, { featured: true }),
        indexed('recipes', 'wip', { featured: true, draft: true }),
        indexed('recipes', 'plain', { featured: false }),
      ],
      { rejected: 1 },
    );
    expect(problems.map((p) => p.message)).toContain(
      `${label} needs ${count}, but only ${count - 2} are published (1 draft). Add entries, or publish ones that are waiting. 1 entry with problems listed here was not counted.`,
    );
  });
});

describe('references and Today’s Special', () => {
  it('stop a reference to an entry no file makes, at its field, listing the ids there are', () => {
    const { problems } = run([
      indexed('team', 'ana'),
      indexed('blog', 'salt', { author: 'gordon' }),
    ]);
    const salt = indexed('blog', 'salt', { author: 'gordon' });
    const author = salt.references[0]!;
    expect(problems).toContainEqual({
      file: 'src/content/blog/salt.mdx',
      path: ['author'],
      field: 'author',
      // Placed where the index says the value is: no file is read to place it.
      line: author.line,
      column: author.column,
      message: 'There is no team entry "gordon". Use one of: ana',
    });
    expect(author.line).toBeGreaterThan(1);
  });

  it('leave a reference alone when its entry’s file only has problems of its own', () => {
    const { problems } = run([indexed('blog', 'salt', { author: 'ben' })], { ids: ['team/ben'] });
    expect(problems.filter((p) => p.path)).toEqual([]);
  });

  it.each([
    ['a draft', { draft: true }],
    ['scheduled', { publishDate: '2026-12-24' }],
  ])('stop a Today’s Special that is %s', (state, fields) => {
    const { problems } = run([
      indexed('site', 'site', { todaysSpecial: 'pasta' }),
      indexed('recipes', 'pasta', fields),
    ]);
    const site = indexed('site', 'site', { todaysSpecial: 'pasta' }).references[0]!;
    expect(problems).toContainEqual({
      file: 'src/content/site/site.yaml',
      path: ['todaysSpecial'],
      field: 'todaysSpecial',
      line: site.line,
      column: site.column,
      message: `The recipe "pasta" is ${state}, so the home page cannot show it yet. Pick a published recipe.`,
    });
  });
});
