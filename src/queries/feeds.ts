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
import { isMdx } from '@/config';
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
import { cardUrl, feeds, feedTitle, gridPaths } from '@/lib/navigation';
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
  if (!isMdx(entry.filePath ?? '')) return markdownToHtml(body, { features }).html;
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

/** The photo as the first thing in an item's content. */
function coverHtml(photo: PreparedPhoto, site: URL) {
  const image = createElement('img', { src: previewUrl(photo, site), alt: photo.alt });
  return renderToStaticMarkup(createElement('p', null, image));
}

/**
 * The feed of one collection's `entries`, each with its photo first in its content, then the
 * `html` made of it. An item leads to its card when its grid page shows it (`cards`), else to
 * the page itself: a link never points at a card that is not there. `site` is Astro's, which
 * every absolute URL in a feed needs.
 */
async function feed<E extends PostSummary | RecipeSummary>(
  site: URL | undefined,
  collection: keyof typeof feeds,
  [entries, cards]: [() => Promise<E[]>, () => Promise<E[]>],
  item: (entry: E) => Promise<{ description: string; html: string }>,
): Promise<RSSOptions> {
  if (!site) throw new Error('Set `site` in astro.config.ts: feeds need absolute URLs.');
  const page = new URL(gridPaths[collection], site);
  const thisFeed = feeds[collection];
  const [settings, listed, onPage] = await Promise.all([siteData(), entries(), cards()]);
  const shown = new Set(onPage.map((card) => card.id));
  const items = await Promise.all(
    listed.map(async (entry): Promise<RSSFeedItem> => {
      const { description, html } = await item(entry);
      return {
        title: entry.data.title,
        link: (shown.has(entry.id) ? cardUrl(page, entry.id) : page).href,
        pubDate: entry.data.publishDate,
        description,
        content: feedHtml(coverHtml(entry.photo, site) + html, site),
        // RSS's `author` must be an address; everyone writes from the site's, under their own name.
        author: `${settings.contact.email} (${entry.author.data.name})`,
        categories: [entry.data.category],
        // A `guid` that is the entry id (stable, and not a link, since links change as cards leave
        // the page), the author's name, and the photo as Media RSS.
        customData:
          `<guid isPermaLink="false">${xml(`${collection}/${entry.id}`)}</guid>` +
          `<dc:creator>${xml(entry.author.data.name)}</dc:creator>` +
          `<media:content url="${xml(previewUrl(entry.photo, site))}" medium="image"/>`,
      };
    }),
  );
  // The channel: its title, the page it stands for, and a link to itself.
  return {
    title: feedTitle(settings.name, thisFeed),
    description: settings.description,
    site: page,
    xmlns: {
      atom: 'http://www.w3.org/2005/Atom',
      dc: 'http://purl.org/dc/elements/1.1/',
      media: 'http://search.yahoo.com/mrss/',
    },
    customData:
      '<language>en-us</language>' +
      `<atom:link href="${xml(new URL(thisFeed.href, site).href)}" rel="self" type="application/rss+xml"/>`,
    items,
  };
}

/**
 * /rss.xml: the newest published posts, each with its whole body as sanitized HTML in
 * `content:encoded`, its cover photo, author and category. Only these posts' bodies are
 * rendered, however many the blog holds.
 */
export const blogFeed = (site: URL | undefined) =>
  feed(site, 'blog', [feedPosts, blogGrid], async (post) => ({
    description: post.data.excerpt,
    html: await bodyHtml(post),
  }));

/**
 * /recipes/rss.xml: the newest published recipes, each with its photo, description, time,
 * servings, rating, ingredients (bulleted) and steps (numbered).
 */
export const recipeFeed = (site: URL | undefined) =>
  feed(site, 'recipes', [feedRecipes, recipeGrid], async (recipe) => ({
    description: recipe.data.description,
    html: renderToStaticMarkup(createElement(RecipeFeedBody, { recipe })),
  }));
