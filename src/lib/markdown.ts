import type { SatteriFeatures } from '@astrojs/markdown-satteri';

/**
 * The Markdown features every body is rendered with: GitHub's tables, task lists and
 * strikethrough, and smart punctuation. astro.config.ts hands them to Astro's Markdown processor
 * for the pages, and src/queries/feeds.ts to Sätteri for the feeds, so the two render alike.
 */
export const markdownFeatures = { gfm: true, smartPunctuation: true } satisfies SatteriFeatures;
