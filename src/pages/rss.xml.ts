import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { blogFeed } from '@/queries/feeds';

/** The blog feed: every recent post in full. See src/queries/feeds.ts. */
export const GET: APIRoute = async ({ site }) => rss(await blogFeed(site));
