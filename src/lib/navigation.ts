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
