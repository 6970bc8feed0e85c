import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { blogFeed } from '@/lib/feeds';

/** The blog feed: every recent post in full. See src/lib/feeds.ts. */
export const GET: APIRoute = async ({ site }) => rss(await blogFeed(site));
