/**
 * schema.org JSON-LD for search engines, built from the same content entries the pages render.
 * It marks up only what a reader sees on the page, as search engines ask: a recipe or a post is
 * described as its card shows it (tests/e2e/structured-data.spec.ts checks every text).
 */
import type { Site } from '@/schemas/site';
import type { PostSummary, RecipeSummary } from './content';
import { formatRating, formatServings, isoDate, isoDuration } from '@/lib/format';
import { cardUrl } from '@/lib/navigation';
import { previewUrl } from '@/lib/photos';

type Thing = Record<string, unknown> & { '@type': string };
type Graph = { '@context': 'https://schema.org' } & Thing;

const graph = (thing: Thing): Graph => ({ '@context': 'https://schema.org', ...thing });

// Categories that name a kind of dish rather than a cuisine.
const dishCategories = new Set(['Dessert', 'Healthy']);

export function websiteJsonLd(site: Site, siteUrl: URL): Graph {
  return graph({ '@type': 'WebSite', name: site.name, url: siteUrl.href });
}

export function organizationJsonLd(site: Site, siteUrl: URL): Graph {
  return graph({
    '@type': 'Organization',
    name: site.name,
    url: siteUrl.href,
    logo: new URL('/favicon.svg', siteUrl).href,
    email: site.contact.email,
    telephone: site.contact.phone,
    address: site.contact.address.join(', '),
  });
}

/**
 * A recipe as its card shows it, as schema.org's Recipe: its photo, name, description, category,
 * time, servings and rating. Ingredients and steps are left to the feed, since no page shows them.
 * `page` is where it is listed, for full photo addresses.
 */
export function recipeJsonLd({ data, photo }: RecipeSummary, page: URL): Thing {
  const category = dishCategories.has(data.category)
    ? { recipeCategory: data.category }
    : { recipeCuisine: data.category };
  return {
    '@type': 'Recipe',
    name: data.title,
    description: data.description,
    image: [previewUrl(photo, page)],
    ...category,
    totalTime: isoDuration(data.totalMinutes),
    recipeYield: formatServings(data.servings),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: formatRating(data.rating),
      ratingCount: data.ratingCount,
      bestRating: 5,
      worstRating: 0,
    },
  };
}

/** A page's recipe cards as an ItemList of Recipe objects, in page order, each at its card. */
export function recipeListJsonLd(recipes: RecipeSummary[], pageUrl: URL): Graph {
  return graph({
    '@type': 'ItemList',
    numberOfItems: recipes.length,
    itemListElement: recipes.map((recipe, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: cardUrl(pageUrl, recipe.id).href,
      item: recipeJsonLd(recipe, pageUrl),
    })),
  });
}

/** The /blog page as a Blog with one BlogPosting per card, as the card shows it. */
export function blogJsonLd(posts: PostSummary[], blogUrl: URL): Graph {
  return graph({
    '@type': 'Blog',
    url: blogUrl.href,
    blogPost: posts.map(({ id, data, author, readingMinutes, photo }) => ({
      '@type': 'BlogPosting',
      headline: data.title,
      description: data.excerpt,
      image: [previewUrl(photo, blogUrl)],
      author: { '@type': 'Person', name: author.data.name },
      datePublished: isoDate(data.publishDate),
      articleSection: data.category,
      commentCount: data.comments,
      timeRequired: isoDuration(readingMinutes),
      url: cardUrl(blogUrl, id).href,
    })),
  });
}

/** JSON for a `<script type="application/ld+json">`; `<` is escaped so text can never close the tag. */
export function serializeJsonLd(data: Graph | Graph[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
