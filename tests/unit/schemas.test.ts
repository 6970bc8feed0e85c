import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { inputs, schemas } from '../support/fixtures';

const { recipes: recipe, blog: post, team: member, site } = inputs;
const image = recipe.image;

/** The dotted path of every issue, so failures say which field broke. */
function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.join('.'));
}

describe('recipe schema', () => {
  it('accepts a complete recipe and fills in defaults', () => {
    const data = schemas.recipes.parse(recipe);
    expect(data.featured).toBe(false);
    expect(data.publishDate).toEqual(new Date('2025-03-12'));
    expect(data.author).toEqual({ collection: 'team', id: 'sofia' });
  });

  it.each([
    ['a wrong type', { servings: 'four' }, 'servings'],
    ['a fractional number of minutes', { totalMinutes: 12.5 }, 'totalMinutes'],
    ['a rating above 5', { rating: 5.2 }, 'rating'],
    ['a negative rating', { rating: -1 }, 'rating'],
    ['no ratings behind the rating', { ratingCount: 0 }, 'ratingCount'],
    ['a rating with two decimals', { rating: 4.85 }, 'rating'],
    ['an unknown category', { category: 'Martian' }, 'category'],
    ['an unknown difficulty', { difficulty: 'Tricky' }, 'difficulty'],
    ['a missing title', { title: undefined }, 'title'],
    ['an empty description', { description: '  ' }, 'description'],
    ['a malformed date', { publishDate: 'last Tuesday' }, 'publishDate'],
    ['an unknown field', { drafts: true }, ''],
    ['an unknown photo field', { image: { ...image, caption: 'Hi' } }, 'image'],
    ['an image without alt text', { image: { src: image.src } }, 'image.alt'],
    ['no ingredients', { ingredients: [] }, 'ingredients'],
    ['no steps', { steps: [] }, 'steps'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(schemas.recipes, { ...recipe, ...change })).toEqual([field]);
  });
});

describe('blog schema', () => {
  it('accepts a post and defaults draft to false', () => {
    const data = schemas.blog.parse(post);
    expect(data.draft).toBe(false);
    expect(data.author).toEqual({ collection: 'team', id: 'sofia' });
  });

  it('defaults the comment count to 0', () => {
    expect(schemas.blog.parse({ ...post, comments: undefined }).comments).toBe(0);
  });

  it.each([
    ['an unknown category', { category: 'Gossip' }, 'category'],
    ['a negative comment count', { comments: -3 }, 'comments'],
    ['a malformed date', { publishDate: '2025-02-30T99' }, 'publishDate'],
    ['a missing excerpt', { excerpt: undefined }, 'excerpt'],
    ['a non-boolean draft flag', { draft: 'yes' }, 'draft'],
    ['an image without alt text', { image: { src: image.src, alt: '' } }, 'image.alt'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(schemas.blog, { ...post, ...change })).toEqual([field]);
  });
});

describe('team schema', () => {
  it('accepts a member and defaults order to 0', () => {
    expect(schemas.team.parse(member).order).toBe(0);
  });

  it.each([
    ['a missing role', { role: undefined }, 'role'],
    ['an empty bio', { bio: '' }, 'bio'],
    ['a fractional order', { order: 1.5 }, 'order'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(schemas.team, { ...member, ...change })).toEqual([field]);
  });
});

describe('photo schema', () => {
  it.each([
    ['a stock photo', { src: 'https://images.unsplash.com/photo-1', alt: 'Soup' }],
    ['a photo beside the entry', { src: './cover.jpg', alt: 'Soup' }],
    ['a credited photo', { ...image, credit: { name: 'Ana Lee', url: 'https://ana.example' } }],
  ])('accepts %s', (_, photo) => {
    expect(issues(schemas.blog, { ...post, image: photo })).toEqual([]);
  });

  it('rejects a credit without a name', () => {
    expect(
      issues(schemas.blog, { ...post, image: { ...image, credit: { url: 'https://a.b' } } }),
    ).toEqual(['image.credit.name']);
  });
});

describe('site schema', () => {
  const stat = { value: '500+', label: 'Recipes' };

  it('defaults the time zone to UTC and refuses one that does not exist', () => {
    expect(schemas.site.parse(site).timezone).toBe('UTC');
    expect(issues(schemas.site, { ...site, timezone: 'Mars/Olympus' })).toEqual(['timezone']);
  });

  it('accepts the settings and resolves the special to a recipe reference', () => {
    expect(schemas.site.parse(site).todaysSpecial).toEqual({
      collection: 'recipes',
      id: 'r1',
    });
  });

  it.each([
    ['an invalid email', { contact: { ...site.contact, email: 'hello' } }, 'contact.email'],
    ['only two hero stats', { heroStats: [stat, stat] }, 'heroStats'],
    [
      'a footer link to another site',
      { footer: { ...site.footer, company: [{ label: 'X', href: 'https://x.com' }] } },
      'footer.company.0.href',
    ],
    [
      'a footer link naming an unknown notice',
      { footer: { ...site.footer, company: [{ label: 'X', href: '/x', notice: 'soon' }] } },
      'footer.company.0.notice',
    ],
    [
      'an unknown social network',
      { footer: { ...site.footer, social: ['MySpace'] } },
      'footer.social.0',
    ],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(schemas.site, { ...site, ...change })).toEqual([field]);
  });
});
