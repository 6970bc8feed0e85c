/**
 * The site's RSS feeds: /rss.xml carries each post in full, /recipes/rss.xml each recipe's
 * photo, facts, ingredients and steps. The route files only hand `blogFeed()` and
 * `recipeFeed()` to `@astrojs/rss`.
 */
import type { RSSFeedItem, RSSOptions } from '@astrojs/rss';
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import sanitizeHtml from 'sanitize-html';
import {
  defineHastPlugin,
  evaluate,
  markdownToHtml,
  type EvaluateOptions,
  type Features,
  type HastNode,
} from 'satteri';
import { RecipeFeedBody } from '@/components/recipes/RecipeFeedBody';
import type { Site } from '@/schemas/site';
import {
  blogGrid,
  feedPosts,
  feedRecipes,
  recipeGrid,
  siteData,
  type Post,
  type PostSummary,
  type RecipeSummary,
} from './content';
import { cardUrl, feeds, feedTitle, listingPaths, type Feed } from '@/lib/navigation';
import { markdownFeatures } from '@/lib/markdown';
import { previewUrl, type PreparedPhoto } from '@/lib/photos';

// The pages' features; the engine stores bodies without their frontmatter.
const features: Features = { ...markdownFeatures, frontmatter: false };

type ElementContent = Extract<HastNode, { type: 'element' }>['children'][number];

const mdxCode = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);
// A JSX <script> or <style> holds code, not text for readers: it goes whole.
const hiddenTags = new Set(['script', 'style']);

/** MDX content as plain content: JSX gives way to its children; imports and `{…}` code go. */
function plainContent(nodes: readonly ElementContent[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (mdxCode.has(node.type)) return [];
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      return hiddenTags.has(node.name ?? '') ? [] : plainContent(node.children);
    }
    if (node.type === 'element') return [{ ...node, children: plainContent(node.children) }];
    return [node];
  });
}

// Sätteri types a JSX runtime loosely (`unknown` in and out); React's is one it accepts.
const reactRuntime = jsxRuntime as unknown as Pick<EvaluateOptions, 'Fragment' | 'jsx' | 'jsxs'>;

/** Rewrites a whole MDX document before it compiles, so what is left is only Markdown. */
const plainMdx = defineHastPlugin({
  name: 'feed-plain-mdx',
  before(root, context) {
    context.replaceNode(root, {
      ...root,
      children: plainContent(root.children as ElementContent[]),
    });
  },
});

/**
 * A post's body as HTML, through Sätteri, the Markdown processor Astro builds pages with. An
 * `.mdx` body keeps its Markdown; a component or JSX tag keeps only its text, and imports and
 * `{…}` expressions are left out, so none of the writer's code runs here and a component
 * the feed cannot show never fails the build.
 */
export async function bodyHtml(entry: Pick<Post, 'body' | 'filePath'>): Promise<string> {
  const body = entry.body ?? '';
  if (!entry.filePath?.endsWith('.mdx')) return markdownToHtml(body, { features }).html;
  const compiled = await evaluate(body, { ...reactRuntime, features, hastPlugins: [plainMdx] });
  // With every component and expression gone, the module is plain elements for React to render.
  return renderToStaticMarkup(createElement(compiled['default'] as ComponentType));
}

/** A sanitize-html transform making one URL attribute absolute; in-page `#…` links stay. */
const absolute =
  (attribute: string, site: URL): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const value = attribs[attribute];
    if (!value || value.startsWith('#') || !URL.canParse(value, site)) return { tagName, attribs };
    return { tagName, attribs: { ...attribs, [attribute]: new URL(value, site).href } };
  };

/**
 * HTML that is safe in any feed reader: sanitize-html's allow-list of text tags, plus photos.
 * Scripts, styles, event handlers and `javascript:` URLs are removed, and every link and photo
 * is made absolute against `site`, since a reader has no page to resolve them against.
 */
export function feedHtml(html: string, site: URL): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del'],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
    },
    // Transforms run before the allow-list, so a `javascript:` URL made "absolute" is still dropped.
    transformTags: { a: absolute('href', site), img: absolute('src', site) },
  });
}

/** Escapes text for XML: @astrojs/rss parses `customData` as XML. */
const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

type Listed = PostSummary | RecipeSummary;

/**
 * What both feeds say about an entry beyond RSS's own fields: a `guid` that is the entry id
 * (stable, and not a link, since links change as cards leave the page), the author's name,
 * and the photo as Media RSS.
 */
function itemExtras(collection: 'blog' | 'recipes', entry: Listed, site: URL): string {
  return [
    `<guid isPermaLink="false">${xml(`${collection}/${entry.id}`)}</guid>`,
    `<dc:creator>${xml(entry.author.data.name)}</dc:creator>`,
    `<media:content url="${xml(previewUrl(entry.photo, site))}" medium="image"/>`,
  ].join('');
}

/** The photo as the first thing in an item's content. */
const coverHtml = (photo: PreparedPhoto, site: URL) =>
  renderToStaticMarkup(
    createElement(
      'p',
      null,
      createElement('img', { src: previewUrl(photo, site), alt: photo.alt }),
    ),
  );

/**
 * Where an item leads: its card when the listing page shows it, else the listing page itself.
 * A link never points at a card that is not there.
 */
function itemLink(page: URL, id: string, onPage: ReadonlySet<string>): string {
  return (onPage.has(id) ? cardUrl(page, id) : page).href;
}

/** The channel of a feed: its title, the page it stands for, and a link to itself. */
function channel(settings: Site, feed: Feed, page: URL, site: URL) {
  return {
    title: feedTitle(settings.name, feed),
    description: settings.description,
    site: page,
    xmlns: {
      atom: 'http://www.w3.org/2005/Atom',
      dc: 'http://purl.org/dc/elements/1.1/',
      media: 'http://search.yahoo.com/mrss/',
    },
    customData:
      '<language>en-us</language>' +
      `<atom:link href="${xml(new URL(feed.href, site).href)}" rel="self" type="application/rss+xml"/>`,
  };
}

/** RSS's `author` must be an address; everyone writes from the site's, under their own name. */
const byline = (settings: Site, entry: Listed) =>
  `${settings.contact.email} (${entry.author.data.name})`;

/** Astro's `site`, which every absolute URL in a feed needs. */
function requireSite(site: URL | undefined): URL {
  if (!site) throw new Error('Set `site` in astro.config.ts: feeds need absolute URLs.');
  return site;
}

/**
 * /rss.xml: the newest published posts, each with its whole body as sanitized HTML in
 * `content:encoded`, its cover photo, author and category. Only these posts' bodies are
 * rendered, however many the blog holds.
 */
export async function blogFeed(astroSite: URL | undefined): Promise<RSSOptions> {
  const site = requireSite(astroSite);
  const page = new URL(listingPaths.blog, site);
  const [settings, posts, cards] = await Promise.all([siteData(), feedPosts(), blogGrid()]);
  const onPage = new Set(cards.map((card) => card.id));
  const items = await Promise.all(
    posts.map(async (post): Promise<RSSFeedItem> => ({
      title: post.data.title,
      link: itemLink(page, post.id, onPage),
      pubDate: post.data.publishDate,
      description: post.data.excerpt,
      content: feedHtml(coverHtml(post.photo, site) + (await bodyHtml(post)), site),
      author: byline(settings, post),
      categories: [post.data.category],
      customData: itemExtras('blog', post, site),
    })),
  );
  return { ...channel(settings, feeds.blog, page, site), items };
}

/**
 * /recipes/rss.xml: the newest published recipes, each with its photo, description, time,
 * servings, rating, ingredients (a list) and steps (in order).
 */
export async function recipeFeed(astroSite: URL | undefined): Promise<RSSOptions> {
  const site = requireSite(astroSite);
  const page = new URL(listingPaths.recipes, site);
  const [settings, recipes, cards] = await Promise.all([siteData(), feedRecipes(), recipeGrid()]);
  const onPage = new Set(cards.map((card) => card.id));
  const items = recipes.map((recipe): RSSFeedItem => ({
    title: recipe.data.title,
    link: itemLink(page, recipe.id, onPage),
    pubDate: recipe.data.publishDate,
    description: recipe.data.description,
    content: feedHtml(
      coverHtml(recipe.photo, site) +
        renderToStaticMarkup(createElement(RecipeFeedBody, { recipe })),
      site,
    ),
    author: byline(settings, recipe),
    categories: [recipe.data.category],
    customData: itemExtras('recipes', recipe, site),
  }));
  return { ...channel(settings, feeds.recipes, page, site), items };
}
