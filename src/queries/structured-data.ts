/**
 * schema.org JSON-LD for search engines, built from the same content entries the pages render,
 * so what a search result says always matches the card.
 */
import type { Site } from '@/schemas/site';
import type { PostSummary, RecipeSummary } from './content';
import { isoDate, isoDuration } from '@/lib/format';
import { cardUrl } from '@/lib/navigation';
import { previewUrl } from '@/lib/photos';

type Thing = Record<string, unknown> & { '@type': string };
type Graph = { '@context': 'https://schema.org' } & Thing;

const graph = (thing: Thing): Graph => ({ '@context': 'https://schema.org', ...thing });
const person = (name: string): Thing => ({ '@type': 'Person', name });

// Categories that name a kind of dish rather than a cuisine.
const dishCategories = new Set(['Dessert', 'Healthy']);

export function websiteJsonLd(site: Site, siteUrl: URL): Graph {
  return graph({
    '@type': 'WebSite',
    name: site.name,
    description: site.description,
    url: siteUrl.href,
    inLanguage: 'en',
  });
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

/** A recipe as schema.org's Recipe; `page` is where it is listed, for full photo addresses. */
export function recipeJsonLd({ data, author, photo }: RecipeSummary, page: URL): Thing {
  const dish = dishCategories.has(data.category);
  return {
    '@type': 'Recipe',
    name: data.title,
    description: data.description,
    image: [previewUrl(photo, page)],
    author: person(author.data.name),
    datePublished: isoDate(data.publishDate),
    totalTime: isoDuration(data.totalMinutes),
    recipeYield: String(data.servings),
    recipeCategory: data.category === 'Dessert' ? 'Dessert' : 'Main course',
    recipeCuisine: dish ? 'International' : data.category,
    keywords: data.category,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: data.rating,
      ratingCount: data.ratingCount,
      bestRating: 5,
      worstRating: 0,
    },
    recipeIngredient: data.ingredients,
    recipeInstructions: data.steps.map((text, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      text,
    })),
  };
}

/** The /recipes grid as an ItemList of complete Recipe objects, in page order, each at its card. */
export function recipeListJsonLd(recipes: RecipeSummary[], recipesUrl: URL): Graph {
  return graph({
    '@type': 'ItemList',
    numberOfItems: recipes.length,
    itemListElement: recipes.map((recipe, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: cardUrl(recipesUrl, recipe.id).href,
      item: recipeJsonLd(recipe, recipesUrl),
    })),
  });
}

/** The /blog page as a Blog with one BlogPosting per card. */
export function blogJsonLd(site: Site, posts: PostSummary[], blogUrl: URL): Graph {
  return graph({
    '@type': 'Blog',
    name: `${site.name} Blog`,
    url: blogUrl.href,
    blogPost: posts.map(({ id, data, author, readingMinutes, photo }) => ({
      '@type': 'BlogPosting',
      headline: data.title,
      description: data.excerpt,
      image: [previewUrl(photo, blogUrl)],
      author: person(author.data.name),
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
