/** The five routes of the site, in header order. */
export const mainNav = [
  { label: 'Home', href: '/' },
  { label: 'Recipes', href: '/recipes' },
  { label: 'Blog', href: '/blog' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
] as const;

export type NavItem = (typeof mainNav)[number];

/** True when `href` is the page at `pathname`; "/recipes/" and "/recipes" are the same page. */
export function isCurrent(href: string, pathname: string): boolean {
  const normalise = (path: string) => path.replace(/\/+$/, '') || '/';
  return normalise(href) === normalise(pathname);
}

/**
 * The grid pages, which show a collection's newest entries as cards, as their canonical paths:
 * the build writes `blog/index.html`, so `/blog/` is the address every canonical link, the
 * sitemap and the feeds use.
 */
export const gridPaths = { blog: '/blog/', recipes: '/recipes/' } as const;

/**
 * An entry's card on the page that shows it: `https://…/blog/#2026/salt-water`. The card's
 * `id` is the entry id; URL encodes the fragment (a slash stays, "ù" becomes "%C3%B9"), and
 * browsers decode it again to find the card.
 */
export const cardUrl = (page: URL, id: string) => new URL(`#${id}`, page);

/** The site's RSS feeds: where each is served, and the word that ends its title. */
export const feeds = {
  blog: { href: '/rss.xml', label: 'Blog' },
  recipes: { href: '/recipes/rss.xml', label: 'Recipes' },
} as const;

export type Feed = (typeof feeds)[keyof typeof feeds];

/** A feed's title, the same in the feed and in the pages' autodiscovery links: "Delicious Bites Blog". */
export const feedTitle = (siteName: string, feed: Feed) => `${siteName} ${feed.label}`;
