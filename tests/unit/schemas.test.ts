import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { blogSchema } from '@/schemas/blog';
import { remoteImageSchema } from '@/schemas/image';
import { recipeSchema } from '@/schemas/recipe';
import { siteSchema } from '@/schemas/site';
import { teamSchema } from '@/schemas/team';

const image = { src: 'https://images.unsplash.com/photo-1', alt: 'A bowl of pasta' };

const recipe = {
  title: 'Creamy Tuscan Garlic Pasta',
  description: 'Silky, garlicky and ready in 25 minutes.',
  category: 'Italian',
  difficulty: 'Easy',
  rating: 4.9,
  ratingCount: 128,
  totalMinutes: 25,
  servings: 4,
  image,
  publishDate: '2025-03-12',
  author: 'sofia-marchetti',
  ingredients: ['400 g penne'],
  steps: ['Boil the pasta.'],
};

const post = {
  title: 'How to Salt Pasta Water',
  excerpt: 'More than you think, less than the sea.',
  category: 'Cooking Tips',
  author: 'sofia-marchetti',
  publishDate: '2025-03-12',
  comments: 12,
  image,
};

const member = { name: 'Sofia Marchetti', role: 'Founder & Head Chef', bio: 'Cooks.', image };

/** The dotted path and message of every issue, so failures say which field broke. */
function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.join('.'));
}

describe('recipe schema', () => {
  it('accepts a complete recipe and fills in defaults', () => {
    const data = recipeSchema.parse(recipe);
    expect(data.featured).toBe(false);
    expect(data.publishDate).toEqual(new Date('2025-03-12'));
    expect(data.author).toEqual({ collection: 'team', id: 'sofia-marchetti' });
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
    ['an image URL that is not a URL', { image: { ...image, src: 'pasta.jpg' } }, 'image.src'],
    [
      'an insecure image URL',
      { image: { ...image, src: 'http://example.com/a.jpg' } },
      'image.src',
    ],
    ['an image without alt text', { image: { src: image.src } }, 'image.alt'],
    ['no ingredients', { ingredients: [] }, 'ingredients'],
    ['no steps', { steps: [] }, 'steps'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(recipeSchema, { ...recipe, ...change })).toEqual([field]);
  });
});

describe('blog schema', () => {
  it('accepts a post and defaults draft to false', () => {
    const data = blogSchema.parse(post);
    expect(data.draft).toBe(false);
    expect(data.author).toEqual({ collection: 'team', id: 'sofia-marchetti' });
  });

  it('defaults the comment count to 0', () => {
    expect(blogSchema.parse({ ...post, comments: undefined }).comments).toBe(0);
  });

  it.each([
    ['an unknown category', { category: 'Gossip' }, 'category'],
    ['a negative comment count', { comments: -3 }, 'comments'],
    ['a malformed date', { publishDate: '2025-02-30T99' }, 'publishDate'],
    ['a missing excerpt', { excerpt: undefined }, 'excerpt'],
    ['a non-boolean draft flag', { draft: 'yes' }, 'draft'],
    ['an image without alt text', { image: { src: image.src, alt: '' } }, 'image.alt'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(blogSchema, { ...post, ...change })).toEqual([field]);
  });
});

describe('team schema', () => {
  it('accepts a member and defaults order to 0', () => {
    expect(teamSchema.parse(member).order).toBe(0);
  });

  it.each([
    ['a missing role', { role: undefined }, 'role'],
    ['an empty bio', { bio: '' }, 'bio'],
    ['a fractional order', { order: 1.5 }, 'order'],
  ])('rejects %s, naming the field', (_, change, field) => {
    expect(issues(teamSchema, { ...member, ...change })).toEqual([field]);
  });
});

describe('remote image schema', () => {
  it.each([
    ['https://images.unsplash.com/photo-1551183053-bf91a1d81141', true],
    ['//images.unsplash.com/photo-1', false],
    ['/images/local.jpg', false],
    ['ftp://example.com/a.jpg', false],
  ])('treats %s as valid: %s', (src, valid) => {
    expect(remoteImageSchema.safeParse({ src, alt: 'Soup' }).success).toBe(valid);
  });
});

describe('site schema', () => {
  const stat = { value: '500+', label: 'Recipes' };
  const site = {
    name: 'Delicious Bites',
    tagline: 'Cook something wonderful.',
    description: 'Recipes and stories.',
    contact: { email: 'hello@example.com', phone: '555', address: ['1 Road'], hours: '9–5' },
    todaysSpecial: 'creamy-tuscan-garlic-pasta',
    heroStats: [stat, stat, stat],
    newsletterStats: [stat, stat, stat],
    about: {
      story: ['Once upon a time.'],
      mission: 'Feed people.',
      values: [
        { title: 'Passion', description: 'Love.', icon: 'heart' },
        { title: 'Quality', description: 'Care.', icon: 'award' },
        { title: 'Community', description: 'Share.', icon: 'users' },
      ],
    },
    footer: {
      company: [{ label: 'Careers', href: '/careers', notice: 'notImplemented' }],
      recipeGroups: ['Breakfast'],
      categories: ['Italian'],
      social: ['Facebook'],
      legal: ['Cookie Policy'],
      copyrightYear: 2025,
    },
  };

  it('accepts the settings and resolves the special to a recipe reference', () => {
    expect(siteSchema.parse(site).todaysSpecial).toEqual({
      collection: 'recipes',
      id: 'creamy-tuscan-garlic-pasta',
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
    expect(issues(siteSchema, { ...site, ...change })).toEqual([field]);
  });
});
