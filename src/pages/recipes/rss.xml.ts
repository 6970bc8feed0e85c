import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { recipeFeed } from '@/queries/feeds';

/** The recipe feed: recent recipes with their photos, facts, ingredients and steps. See src/queries/feeds.ts. */
export const GET: APIRoute = async ({ site }) => rss(await recipeFeed(site));
