/**
 * The site rules, run on small in-memory indexes built through the schemas: which entries the
 * site shows, and what the content must supply. Only the rule under test is asserted: these
 * collections are far too small to fill the pages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedNeeds, pageNeeds } from '@/config';
import { indexFields } from '@/loaders/entry-file';
import { EntryIndex, type IndexedEntry } from '@/loaders/entry-index';
import { siteRules } from '@/loaders/site-rules';
import { fieldName } from '@/loaders/validate';
import { entry } from '../support/fixtures';

afterEach(() => vi.unstubAllEnvs());

type Kind = Parameters<typeof entry>[0];

/** One entry as the engine indexes it. */
const loaded = (kind: Kind, id: string, fields: Record<string, unknown> = {}): IndexedEntry => {
  const { filePath, data } = entry(kind, id, fields);
  const indexed = indexFields(data as Record<string, unknown>);
  return {
    collection: kind,
    id,
    file: filePath,
    size: 0,
    mtimeMs: 0,
    digest: '',
    photos: [],
    ...indexed,
  };
};

/** The rules over `entries`, given as the engine gives them: from an index of them. */
function check(entries: Partial<Record<Kind, IndexedEntry[]>>, { dev = false } = {}) {
  vi.stubEnv('PUBLISH_NOW', '2026-06-01');
  const index = new EntryIndex('/site', 'key');
  for (const entry of Object.values(entries).flat()) index.set(`/site/${entry.file}`, entry);
  const entryOf = (collection: string, id: string) =>
    [...index.entries.values()].find((e) => e.collection === collection && e.id === id);
  return siteRules({
    entries: index.newestFirst(),
    flagged: index.flagged,
    entryOf,
    rejected: () => 0,
    dev,
  });
}

/** A problem's field, as the engine names it when it places the problem at its line. */
const field = (problem: { path?: readonly (string | number)[] }) =>
  problem.path && fieldName(problem.path);

const placeholderProblems = <P extends { message: string }>(problems: P[]) =>
  problems.filter((p) => p.message.includes('npm run new'));

describe('placeholders left by npm run new', () => {
  it('stop a post that is no longer a draft, at the field that still holds one', () => {
    const { problems } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'REPLACE with a sentence or two.' })],
    });
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({ file: 'src/content/blog/salt.mdx', path: ['excerpt'] }),
    ]);
  });

  it('name the list item of a recipe, and the nested alt text, that still hold one', () => {
    const { problems } = check({
      recipes: [
        loaded('recipes', 'ragu', {
          steps: ['Brown the meat.', 'REPLACE with the next step'],
          image: { src: 'https://images.unsplash.com/photo-1', alt: 'REPLACE with the photo' },
        }),
      ],
    });
    expect(placeholderProblems(problems).map(field).sort()).toEqual(['image.alt', 'steps[1]']);
  });

  it('stop a scheduled post too, which would go live on its day without anyone looking', () => {
    const { problems } = check({
      blog: [loaded('blog', 'later', { publishDate: '2026-12-24', excerpt: 'REPLACE me' })],
    });
    expect(placeholderProblems(problems)).toHaveLength(1);
  });

  it('stop a team member who is on the about page', () => {
    const { problems } = check({ team: [loaded('team', 'ana', { role: 'REPLACE with a job' })] });
    expect(placeholderProblems(problems)).toEqual([
      expect.objectContaining({ file: 'src/content/team/ana.yaml', path: ['role'] }),
    ]);
  });

  it('are fine in drafts, which is how npm run new writes them', () => {
    const { problems } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'REPLACE me', draft: true })],
      team: [loaded('team', 'ana', { role: 'REPLACE with a job', draft: true })],
    });
    expect(placeholderProblems(problems)).toEqual([]);
  });

  it('are only placeholders at the start of a value: the word inside a sentence is fine', () => {
    const { problems } = check({
      blog: [loaded('blog', 'salt', { excerpt: 'When to REPLACE your knives.' })],
    });
    expect(placeholderProblems(problems)).toEqual([]);
  });
});

describe('page counts', () => {
  const entries = (collection: 'recipes' | 'blog', count: number, fields = {}) =>
    Array.from({ length: count }, (_, i) => loaded(collection, `e${i}`, fields));
  const featured = (recipes: boolean) => (recipes ? { featured: true } : {});

  it.each(Object.entries(pageNeeds))(
    '%s: names the page, its need and the supply when it cannot be filled',
    (_, need) => {
      const isRecipes = need.collection === 'recipes';
      const { problems } = check({
        [need.collection]: entries(need.collection, need.count - 1, featured(isRecipes)),
      });
      expect(problems).toContainEqual({
        file: `src/content/${need.collection}`,
        message: `${need.label} needs ${need.count}, but only ${need.count - 1} are published. Add entries, or publish ones that are waiting.`,
      });
    },
  );

  it('are met by exactly as many published entries as each page shows', () => {
    const most = (collection: string) =>
      Math.max(
        ...Object.values(pageNeeds)
          .filter((need) => need.collection === collection)
          .map((need) => need.count),
      );
    const { problems } = check({
      recipes: entries('recipes', most('recipes'), { featured: true }),
      blog: entries('blog', most('blog')),
    });
    expect(problems).toEqual([]);
  });

  it('count only featured recipes for the home page', () => {
    const { count, label } = pageNeeds.featuredRecipes;
    const { problems } = check({
      recipes: [
        ...entries('recipes', count - 1, { featured: true }),
        loaded('recipes', 'plain', { featured: false }),
      ],
    });
    expect(problems.map((p) => p.message)).toContain(
      `${label} needs ${count}, but only ${count - 1} are published. Add entries, or publish ones that are waiting.`,
    );
  });
});

describe('what the site shows', () => {
  /** `count` recipes or posts, the nth dated n days into 2026; every fifth recipe featured. */
  const dated = (
    collection: 'recipes' | 'blog',
    count: number,
    fields: (n: number) => Record<string, unknown> = () => ({}),
  ) =>
    Array.from({ length: count }, (_, i) =>
      loaded(collection, `${collection}-${i + 1}`, {
        publishDate: new Date(Date.UTC(2026, 0, i + 1)).toISOString().slice(0, 10),
        ...(collection === 'recipes' && { featured: (i + 1) % 5 === 0 }),
        ...fields(i + 1),
      }),
    );
  const ids = (shown: Set<string> | undefined) => [...(shown ?? [])].sort();
  const newest = (collection: string, from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `${collection}-${from - i}`);
  const most = (collection: string) =>
    Math.max(
      ...[...Object.values(pageNeeds), ...Object.values(feedNeeds)]
        .filter((list) => list.collection === collection)
        .map((list) => list.count),
    );

  it('is the newest entries of every page list and feed, and nothing older', () => {
    const { shown } = check({ recipes: dated('recipes', 30), blog: dated('blog', 30) });
    expect(ids(shown.get('blog'))).toEqual(newest('blog', 30, most('blog')).sort());
    // The six newest featured recipes are 30, 25 … 5: two are older than the newest twenty.
    expect(ids(shown.get('recipes'))).toEqual(
      [...newest('recipes', 30, most('recipes')), 'recipes-10', 'recipes-5'].sort(),
    );
  });

  it('leaves drafts and scheduled entries out of a build', () => {
    const { shown } = check({
      blog: dated('blog', 25, (n) =>
        n === 25 ? { draft: true } : n === 24 ? { publishDate: '2026-12-24' } : {},
      ),
    });
    expect(shown.get('blog')).not.toContain('blog-25');
    expect(shown.get('blog')).not.toContain('blog-24');
    expect(shown.get('blog')).toContain('blog-4');
  });

  it('in astro dev, shows drafts and scheduled entries on the pages, but not in the feeds', () => {
    const posts = dated('blog', 40, (n) => (n === 40 ? { draft: true } : {}));
    const { shown } = check({ blog: posts }, { dev: true });
    expect(shown.get('blog')).toContain('blog-40');
    expect(ids(shown.get('blog'))).toEqual(newest('blog', 40, most('blog') + 1).sort());
  });

  it('is the team and the site settings whole, a drafted member only in astro dev', () => {
    const team = [loaded('team', 'ana'), loaded('team', 'ben', { draft: true })];
    const site = [loaded('site', 'site')];
    expect(ids(check({ team, site }).shown.get('team'))).toEqual(['ana']);
    expect(ids(check({ team, site }, { dev: true }).shown.get('team'))).toEqual(['ana', 'ben']);
    expect(ids(check({ team, site }).shown.get('site'))).toEqual(['site']);
  });
});
