/**
 * The spec's numbers, texts and routes (docs/BEHAVIOUR.md), written out here and nowhere else in
 * the tests, so that a changed count, duration or text in the code fails the suite. Both the
 * browser tests (tests/e2e, through helpers.ts) and the built-site tests (tests/site) import them.
 */

/** The spec's own numbers. */
export const SPEC = {
  /** Cards on each page. */
  featuredRecipes: 6,
  recipeCards: 12,
  postCards: 8,
  homePosts: 4,
  /** How long a toast stays before it dismisses itself. */
  toastMs: 5000,
  /** Toasts on screen at once. */
  visibleToasts: 1,
  /** The blog's fixed pagination label. */
  pageLabel: 'Page 1 of 3',
} as const;

/**
 * Toast texts exactly as visitors read them (docs/BEHAVIOUR.md). Written out rather than imported
 * from src/components/islands/NoticeToaster.tsx, so that a changed text fails here.
 */
export const GENERIC_TOAST =
  "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";
export const FILTER_TOAST = 'Filter functionality is not implemented yet. Stay tuned!';
export const SENT_TITLE = 'Message Sent (Simulation)';
export const SENT_DESCRIPTION =
  "Thanks for reaching out! We'll get back to you shortly. (This is a demo).";

/** The five routes (docs/BEHAVIOUR.md), with the label of their header link and their main heading. */
export const routes = [
  { path: '/', nav: 'Home', heading: 'Discover Culinary Magic' },
  { path: '/recipes', nav: 'Recipes', heading: 'Explore Our Recipes' },
  { path: '/blog', nav: 'Blog', heading: 'From Our Kitchen to Yours' },
  { path: '/about', nav: 'About', heading: /About|Story/i },
  { path: '/contact', nav: 'Contact', heading: /Contact|Touch/i },
] as const;

/** The footer's Company column: its six links, in order, and where each points. */
export const companyLinks = [
  { name: 'About Us', href: '/about' },
  { name: 'Our Team', href: '/team' },
  { name: 'Careers', href: '/careers' },
  { name: 'Press', href: '/press' },
  { name: 'Contact', href: '/contact' },
  { name: 'Privacy Policy', href: '/privacy' },
] as const;

/** Every page, including the not-found page, for checks that apply site-wide. */
export const allPages = [...routes.map((r) => r.path), '/this-page-does-not-exist'] as const;

/** Month D, YYYY, e.g. "November 18, 2025". */
export const LONG_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) ([1-9]|[12]\d|3[01]), \d{4}$/;
