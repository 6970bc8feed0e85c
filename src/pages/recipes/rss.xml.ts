import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { recipeFeed } from '@/lib/feeds';

/** The recipe feed: recent recipes with their photos, facts, ingredients and steps. See src/lib/feeds.ts. */
export const GET: APIRoute = async ({ site }) => rss(await recipeFeed(site));
