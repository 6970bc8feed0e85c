import { getRssString } from '@astrojs/rss';
import Parser from 'rss-parser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdPick, contentStore as store } from '../support/content-layer';
import { entry } from '../support/fixtures';

type Entry = ReturnType<typeof entry>;

vi.mock('astro:content', async (original) =>
  (await import('../support/content-layer')).inMemoryContent(original),
);

const { bodyHtml, blogFeed, feedHtml, recipeFeed } = await import('@/queries/feeds');
const { FEED_SIZE } = await import('@/config');

const site = new URL('https://deliciousbites.com/');

/** January `n`, 2025. */
const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString().slice(0, 10);

/** A post dated January `published`; an `.md` file unless `file` says otherwise. */
const post = (
  id: string,
  published: number,
  body = `The body of ${id}.`,
  { fields = {}, file = `${id}.md` }: { fields?: Record<string, unknown>; file?: string } = {},
): Entry => ({
  ...entry('blog', id, { title: id, publishDate: day(published), ...fields }, body),
  filePath: `src/content/blog/${file}`,
});
const posts = (count: number) => Array.from({ length: count }, (_, i) => post(`p${i + 1}`, i + 1));

const recipe = (id: string, published: number, fields: Record<string, unknown> = {}): Entry =>
  entry('recipes', id, { title: id, publishDate: day(published), ...fields });
const recipes = (count: number) =>
  Array.from({ length: count }, (_, i) => recipe(`r${i + 1}`, i + 1));

/** The feed's pick and the page's pick, as the engine would hold them. */
function held(feed: [string, Entry[]], page: [string, Entry[]]) {
  holdPick(...feed);
  holdPick(...page);
}

beforeEach(() => {
  store.entries = [entry('team', 'sofia', { name: 'Sofia Marchetti' }), entry('site', 'site')];
  vi.unstubAllEnvs();
  vi.stubEnv('PUBLISH_NOW', '2025-12-31T12:00:00Z');
});

const parser = new Parser<Record<string, unknown>, { 'content:encoded': string; guid: string }>();

/** The feed as a reader gets it: built by @astrojs/rss, read back by rss-parser. */
const read = async (feed: Promise<Parameters<typeof getRssString>[0]>) =>
  parser.parseString(await getRssString(await feed));

/** A Markdown or MDX body as a feed reader gets it. */
const inFeed = async (body: string, file = 'post.md') =>
  feedHtml(await bodyHtml({ body, filePath: `src/content/blog/${file}` }), site);

describe('feed HTML', () => {
  it('leaves scripts, event handlers and javascript: links inert', async () => {
    const html = await inFeed(
      [
        'Before <script>alert("boom")</script> after.',
        '',
        '<img src="/cover.jpg" onerror="alert(1)" alt="Cover">',
        '',
        '[Click me](javascript:alert(2)) and <a href="JaVaScRiPt:alert(3)">me</a>.',
        '',
        '<p onclick="alert(4)" style="color:red">Styled</p>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|alert\("boom"\)/);
    expect(html).not.toMatch(/onerror|onclick|style=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Before  after.');
    expect(html).toContain('<img src="https://deliciousbites.com/cover.jpg" alt="Cover" />');
    expect(html).toContain('<a>Click me</a>');
    expect(html).toContain('<p>Styled</p>');
  });

  it('makes relative links and photos absolute against the site, and keeps in-page links', async () => {
    const html = await inFeed(
      [
        'See [our recipes](/recipes), [the blog](../blog/) and [a friend](https://example.com/x).',
        '',
        '![A loaf](/images/loaf.jpg) and [a note](#notes).',
      ].join('\n'),
    );
    expect(html).toContain('<a href="https://deliciousbites.com/recipes">our recipes</a>');
    expect(html).toContain('<a href="https://deliciousbites.com/blog/">the blog</a>');
    expect(html).toContain('<a href="https://example.com/x">a friend</a>');
    expect(html).toContain('<img src="https://deliciousbites.com/images/loaf.jpg" alt="A loaf" />');
    expect(html).toContain('<a href="#notes">a note</a>');
  });

  it("renders a .md body with Astro's Markdown defaults: GFM tables and smart punctuation", async () => {
    const html = await inFeed(
      ['## "Salt" -- how much?', '', '| Pot | Salt |', '| --- | --- |', '| 4 l | 40 g |'].join(
        '\n',
      ),
    );
    expect(html).toContain('<h2>“Salt” – how much?</h2>');
    expect(html).toMatch(/<table>[\s\S]*<td>4 l<\/td>[\s\S]*<\/table>/);
  });

  it('degrades an MDX body with components to their text, leaving out imports and expressions', async () => {
    const html = await inFeed(
      [
        "import Tip from '../../components/Tip.astro';",
        'export const servings = 4;',
        '',
        'Serves {servings}, with <Badge kind="new">a **new** trick</Badge>.',
        '',
        '{/* a note for editors */}',
        '',
        '<Tip title="Salt">',
        '  Use **more** salt than you think.',
        '  <Aside>',
        '    Taste the *water*.',
        '  </Aside>',
        '</Tip>',
        '',
        '<Chart data={[1, 2, 3]} />',
        '',
        '<div onClick={() => alert(1)}>Plain *div* text</div>',
      ].join('\n'),
      'post.mdx',
    );
    expect(html).toContain('<p>Serves , with a <strong>new</strong> trick.</p>');
    expect(html).toContain('<p>Use <strong>more</strong> salt than you think.</p>');
    expect(html).toContain('<p>Taste the <em>water</em>.</p>');
    expect(html).toContain('Plain <em>div</em> text');
    expect(html).not.toMatch(/import|export|servings|editors|Tip|Aside|Chart|Badge|alert/);
  });

  it('leaves an MDX script or style out entirely, text and all', async () => {
    const html = await inFeed(
      'Safe.\n\n<script>{`alert(1)`}</script>\n\n<style>{`p { color: red }`}</style>',
      'post.mdx',
    );
    expect(html).toBe('<p>Safe.</p>');
  });
});

describe('the blog feed', () => {
  it('carries a new post with its whole body, cover photo, author and category', async () => {
    const salt = post('salt-water', 40, '# How much\n\nA **lot** of salt.', {
      fields: { excerpt: 'More than you think.', category: 'Cooking Tips' },
    });
    held(['blogFeed', [salt, ...posts(9)]], ['blogGrid', [salt]]);
    const feed = await read(blogFeed(site));
    const [newest] = feed.items;
    expect(newest).toMatchObject({
      title: 'salt-water',
      contentSnippet: 'More than you think.',
      creator: 'Sofia Marchetti',
      author: 'hello@example.com (Sofia Marchetti)',
      categories: ['Cooking Tips'],
      isoDate: '2025-02-09T00:00:00.000Z',
    });
    expect(newest?.['content:encoded']).toBe(
      '<p><img src="https://images.unsplash.com/photo-1?auto=format&amp;fit=crop&amp;w=1200&amp;q=70" alt="A bowl of pasta" /></p>' +
        '<h1>How much</h1>\n<p>A <strong>lot</strong> of salt.</p>\n',
    );
    expect(feed).toMatchObject({
      title: 'Delicious Bites Blog',
      link: 'https://deliciousbites.com/blog/',
    });
  });

  it('links a post from a sub-folder to its card, the fragment decoding to the card id', async () => {
    const ragu = post('2026/ragù', 40);
    held(['blogFeed', [ragu]], ['blogGrid', [ragu]]);
    const [item] = (await read(blogFeed(site))).items;
    const link = new URL(item?.link ?? '');
    expect(link.pathname).toBe('/blog/');
    expect(decodeURIComponent(link.hash.slice(1))).toBe('2026/ragù');
  });

  it('gives each item its entry id as a guid that is not a permalink', async () => {
    held(['blogFeed', [post('2026/ragù', 40), post('p1', 1)]], ['blogGrid', []]);
    const xml = await getRssString(await blogFeed(site));
    expect(xml).toContain('<guid isPermaLink="false">blog/2026/ragù</guid>');
    expect(xml).toContain('<guid isPermaLink="false">blog/p1</guid>');
  });

  it('renders only the bodies of the posts it carries', async () => {
    // A post the store holds for another list, whose MDX would not compile: rendering it would fail.
    const broken = post('old-broken', 0, 'A stray <Tag here.', { file: 'old-broken.mdx' });
    held(['blogFeed', posts(FEED_SIZE)], ['blogGrid', [broken]]);
    const items = (await read(blogFeed(site))).items;
    expect(items).toHaveLength(FEED_SIZE);
    expect(items.map((item) => item.title)).not.toContain('old-broken');
  });
});

describe('the recipe feed', () => {
  it('carries the photo, description, time, servings, rating, ingredients and steps', async () => {
    const ragu = recipe('ragu', 40, {
      description: 'Slow and deep.',
      totalMinutes: 195,
      servings: 6,
      rating: 4.8,
      ratingCount: 52,
      ingredients: ['500 g beef', '1 onion'],
      steps: ['Brown the beef.', 'Simmer for 3 hours.'],
    });
    held(['recipeFeed', [ragu]], ['recipeGrid', [ragu]]);
    const feed = await read(recipeFeed(site));
    const html = feed.items[0]?.['content:encoded'] ?? '';
    expect(feed.title).toBe('Delicious Bites Recipes');
    expect(html).toMatch(/^<p><img src="https:\/\/images\.unsplash\.com\/photo-1\?[^"]*w=1200/);
    expect(html).toContain('<p>Slow and deep.</p>');
    expect(html).toContain('Time: </span>3 hr 15 min</li>');
    expect(html).toContain('<li>6 servings</li>');
    expect(html).toContain('Rating: </span>4.8 <span>(52<span> ratings</span>)</span>');
    expect(html).toContain('<h2>Ingredients</h2><ul><li>500 g beef</li><li>1 onion</li></ul>');
    expect(html).toContain(
      '<h2>Steps</h2><ol><li>Brown the beef.</li><li>Simmer for 3 hours.</li></ol>',
    );
    expect(html).not.toMatch(/<svg|class=/);
  });
});

describe('feed item links', () => {
  it.each([
    { path: '/blog/', lists: ['blogFeed', 'blogGrid'], entries: posts, feed: blogFeed },
    { path: '/recipes/', lists: ['recipeFeed', 'recipeGrid'], entries: recipes, feed: recipeFeed },
  ] as const)(
    'point to the card on $path while the page shows it, then to the page',
    async ({ path, lists: [feedList, pageList], entries, feed }) => {
      const [first, second, third] = entries(3);
      held([feedList, [first!, second!, third!]], [pageList, [first!, second!]]);
      const links = (await read(feed(site))).items.map((item) => item.link);
      const page = `https://deliciousbites.com${path}`;
      expect(links).toEqual([`${page}#${first!.id}`, `${page}#${second!.id}`, page]);
    },
  );
});
