import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { allPosts, siteData } from '@/lib/content';

/** Feed readers want recent posts; the whole archive would grow the feed without bound. */
const FEED_SIZE = 50;

export const GET: APIRoute = async ({ site }) => {
  const [settings, posts] = await Promise.all([siteData(), allPosts()]);
  return rss({
    title: `${settings.name} Blog`,
    description: settings.description,
    site: site ?? 'https://deliciousbites.com',
    items: posts.slice(0, FEED_SIZE).map((post) => ({
      title: post.data.title,
      description: post.data.excerpt,
      pubDate: post.data.publishDate,
      author: `${settings.contact.email} (${post.author.data.name})`,
      categories: [post.data.category],
      link: `/blog/#${post.id}`,
    })),
    customData: '<language>en-us</language>',
    // Item links point at a card on /blog ("/blog/#id"); a slash after the fragment would break them.
    trailingSlash: false,
  });
};
