import { describe, expect, it } from 'vitest';
import type { PreparedPhoto } from '@/lib/photos';
import {
  blogJsonLd,
  organizationJsonLd,
  recipeJsonLd,
  recipeListJsonLd,
  serializeJsonLd,
  websiteJsonLd,
} from '@/queries/structured-data';
import { entry, inputs, postSummary, recipeSummary } from '../support/fixtures';

const recipe = recipeSummary('tuscan-pasta', { description: 'Silky and quick.' });
const dessert = recipeSummary('tiramisu', { category: 'Dessert', totalMinutes: 75 });
const post = postSummary('knife-skills', {
  title: 'Five Knife Skills',
  publishDate: '2025-01-22',
  comments: 47,
});
const site = entry('site', 'site', {
  contact: { ...inputs.site.contact, address: ['1 Road', 'Town'] },
}).data;

const siteUrl = new URL('https://deliciousbites.com/');
const recipesUrl = new URL('/recipes/', siteUrl);

describe('Recipe JSON-LD', () => {
  const ld = recipeJsonLd(recipe, recipesUrl);

  it('describes the dish as its card shows it: photo, name, description, cuisine, time, servings', () => {
    expect(ld).toEqual({
      '@type': 'Recipe',
      name: 'Creamy Tuscan Garlic Pasta',
      description: 'Silky and quick.',
      image: [expect.stringMatching(/^https:\/\/images\.unsplash\.com\/photo-1\?.*w=1200/)],
      recipeCuisine: 'Italian',
      totalTime: 'PT25M',
      recipeYield: '4 servings',
      aggregateRating: expect.any(Object),
    });
  });

  it('carries the rating as the card shows it', () => {
    expect(ld['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.9',
      ratingCount: 128,
      bestRating: 5,
      worstRating: 0,
    });
  });

  it('leaves out what no page shows: ingredients, steps, author and date stay in the feed', () => {
    for (const field of ['recipeIngredient', 'recipeInstructions', 'author', 'datePublished']) {
      expect(ld).not.toHaveProperty(field);
    }
  });

  it("gives a writer's own photo as a full address, since search engines read it off the page", () => {
    const local: PreparedPhoto = {
      kind: 'local',
      alt: 'A bowl of pasta',
      fallback: '/_astro/cover.x.webp',
      width: 1600,
      height: 1000,
      sources: [
        {
          type: 'image/webp',
          candidates: [
            { url: '/_astro/cover.640.webp', width: 640 },
            { url: '/_astro/cover.1200.webp', width: 1200 },
            { url: '/_astro/cover.1600.webp', width: 1600 },
          ],
        },
      ],
    };
    expect(recipeJsonLd({ ...recipe, photo: local }, recipesUrl)['image']).toEqual([
      'https://deliciousbites.com/_astro/cover.1200.webp',
    ]);
  });

  it('files desserts under the Dessert category, not a cuisine, with hour-long times encoded', () => {
    const ld = recipeJsonLd(dessert, recipesUrl);
    expect(ld).toMatchObject({ recipeCategory: 'Dessert', totalTime: 'PT1H15M' });
    expect(ld).not.toHaveProperty('recipeCuisine');
  });
});

describe('page-level JSON-LD', () => {
  it('wraps the recipe grid in an ItemList in page order, each item at its card', () => {
    const list = recipeListJsonLd([recipe, dessert], new URL('/recipes/', siteUrl));
    expect(list).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 2,
    });
    expect(list['itemListElement']).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        url: 'https://deliciousbites.com/recipes/#tuscan-pasta',
        item: recipeJsonLd(recipe, recipesUrl),
      },
      {
        '@type': 'ListItem',
        position: 2,
        url: 'https://deliciousbites.com/recipes/#tiramisu',
        item: recipeJsonLd(dessert, recipesUrl),
      },
    ]);
  });

  it('links a recipe from a sub-folder to its card with the same fragment the card id gives', () => {
    const nested = recipeSummary('2026/ragù-bolognese');
    const [item] = recipeListJsonLd([nested], new URL('/recipes/', siteUrl))['itemListElement'] as {
      url: string;
    }[];
    const url = new URL(item?.url ?? '');
    expect(url.pathname).toBe('/recipes/');
    expect(decodeURIComponent(url.hash.slice(1))).toBe('2026/ragù-bolognese');
  });

  it('describes /blog as a Blog of BlogPostings that link to their cards', () => {
    const blog = blogJsonLd([post], new URL('/blog/', siteUrl));
    expect(blog).toMatchObject({ '@type': 'Blog', url: 'https://deliciousbites.com/blog/' });
    expect(blog['blogPost']).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'Five Knife Skills',
        datePublished: '2025-01-22',
        commentCount: 47,
        timeRequired: 'PT3M',
        url: 'https://deliciousbites.com/blog/#knife-skills',
        author: { '@type': 'Person', name: 'Sofia Marchetti' },
      }),
    ]);
  });

  it('describes the site and the company on the home page', () => {
    expect(websiteJsonLd(site, siteUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Delicious Bites',
      url: siteUrl.href,
    });
    expect(organizationJsonLd(site, siteUrl)).toMatchObject({
      '@type': 'Organization',
      email: 'hello@example.com',
      address: '1 Road, Town',
    });
  });

  it('serialises so that content can never close the script tag', () => {
    const json = serializeJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Thing',
      name: '</script><script>alert(1)',
    });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)');
  });
});
