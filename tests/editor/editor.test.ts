/**
 * The web editor, end to end, as a writer without git uses it: /admin/ in Chromium, served by
 * `astro dev` in a scratch copy of the project, saving through Decap's local proxy
 * (decap-server) into that copy's src/content, exactly as `npm run editor` runs them. What it
 * writes must pass the engine's checks and reach the built site; what the engine would refuse
 * must never be written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { astro, node } from '../support/astro-cli';
import { page as builtPage } from '../content/scratch';
import { workbench } from './workbench';
import { choose, fillPost, messagesAt, photoOnDisk, publishNow, saved, typeInBody } from './writer';

const title = 'Salt Your Pasta Water Like You Mean It';
const folder = 'src/content/blog/salt-your-pasta-water-like-you-mean-it';
const entry = `${folder}/index.md`;

/** An entry file's frontmatter, and the order its fields are written in. */
function frontmatter(text: string) {
  const yaml = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
  return {
    data: parse(yaml) as Record<string, unknown>,
    keys: [...yaml.matchAll(/^(\w+):/gm)].map((m) => m[1]),
  };
}

const bench = workbench();

describe('the web editor', () => {
  let dir = '';
  let photo = '';

  beforeEach(async () => {
    dir = bench.dir;
    photo = join(dir, 'upload/cover.jpg'); // a photo on the writer's computer
    await photoOnDisk(photo);
  });

  /** Opens a new, empty post. */
  const newPost = async () => {
    await bench.page.goto(`${bench.server.url}/admin/#/collections/blog`);
    await bench.page.getByRole('link', { name: 'Create entry of type Post' }).click();
    await bench.page.getByLabel('Title', { exact: true }).waitFor();
  };

  it('makes a post with a photo, an author from the team and text: a draft first, then on /blog', async () => {
    const { page, server } = bench;
    await newPost();
    // The author is picked from the team by name; the editor stores the member's id.
    await fillPost(page, {
      title,
      excerpt: 'More than you think, less than the sea.',
      category: 'Cooking Tips',
      author: 'James Okafor',
      publishDate: '2026-11-20',
      photo,
      alt: 'A hand dropping coarse salt into boiling water',
    });
    await typeInBody(page, 'Salt the water until it tastes like a well-seasoned soup.');
    await publishNow(page);
    await saved(page);

    // The file a person would write: in a folder of its own with its photo, a draft, fields in
    // the schema's order, and nothing the editor keeps for itself.
    expect(readdirSync(join(dir, folder)).sort()).toEqual(['cover.jpg', 'index.md']);
    const written = readFileSync(join(dir, entry), 'utf8');
    const { data, keys } = frontmatter(written);
    expect(data).toEqual({
      title,
      excerpt: 'More than you think, less than the sea.',
      category: 'Cooking Tips',
      author: 'james-okafor',
      publishDate: '2026-11-20',
      comments: 0,
      image: { src: './cover.jpg', alt: 'A hand dropping coarse salt into boiling water' },
      draft: true,
    });
    expect(keys).toEqual([
      'title',
      'excerpt',
      'category',
      'author',
      'publishDate',
      'comments',
      'image',
      'draft',
    ]);
    expect(written).toMatch(
      /\n---\n\nSalt the water until it tastes like a well-seasoned soup\.\n$/,
    );
    const checked = node(dir, ['node_modules/astro/bin/astro.mjs', 'sync']);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toContain(entry); // listed among the drafts left out of the build

    // Off the draft, and a better excerpt: the build puts it first on /blog.
    await page.getByRole('switch', { name: /Draft/ }).click();
    await page.getByLabel('Excerpt').fill('More than you think, less than the sea. Here is why.');
    await publishNow(page);
    await server.until('the edit saved', () =>
      readFileSync(join(dir, entry), 'utf8').includes('draft: false'),
    );
    expect(frontmatter(readFileSync(join(dir, entry), 'utf8')).data['excerpt']).toBe(
      'More than you think, less than the sea. Here is why.',
    );
    const build = astro(dir, 'build', { PUBLISH_NOW: '2026-11-26T12:00:00Z' });
    expect(build.status, build.output).toBe(0);
    const firstCard = /<article[\s\S]*?<\/article>/.exec(builtPage(dir, 'blog/index.html'))?.[0];
    expect(firstCard).toContain(title);
    expect(firstCard).toContain('Here is why.');

    // Deleted: the file goes, and so does the post from the page.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /delete (published )?entry/i }).click();
    await server.until('the entry deleted', () => !existsSync(join(dir, entry)));
    await server.page('/blog/', (html) => html.includes('</main>') && !html.includes(title));
  });

  it('refuses a save the site would refuse, with the engine’s words at the field, and keeps the work', async () => {
    const { page } = bench;
    const before = readdirSync(join(dir, 'src/content/blog')).sort();
    await newPost();
    // Spaces only: not empty to the editor, but empty to the schema, which trims text.
    await page.getByLabel('Title', { exact: true }).fill('   ');
    await page.getByLabel('Excerpt').fill('A draft I do not want to lose.');
    await publishNow(page);
    // The editor's own check for what is missing, and the engine's message for the title.
    await expect
      .poll(() => page.getByText('Write some text here; it cannot be empty').count())
      .toBe(1);
    await expect.poll(() => page.getByText(/author is required/i).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Excerpt').inputValue()).toBe('A draft I do not want to lose.');

    // Every field filled, but the photo's address is http://, which the schema refuses: the
    // save stops with the engine's message for image.src, and the fields keep what was typed.
    await page.getByLabel('Title', { exact: true }).clear();
    await page.getByLabel('Title', { exact: true }).fill('A Post With the Wrong Photo Address');
    await choose(page, 'Category', 'Baking');
    await choose(page, 'Author', 'Priya Raman');
    await page.getByLabel('Publish date').fill('2026-11-21');
    await page.getByLabel('Publish date').press('Tab');
    page.once('dialog', (dialog) => void dialog.accept('http://images.example.com/bread.jpg'));
    await page.getByRole('button', { name: 'Insert from URL' }).click();
    await page.getByLabel('Alt text').fill('A loaf of bread');
    await publishNow(page);
    await page
      .getByText('Not saved yet: each field marked in red says what to change.')
      .first()
      .waitFor();
    await expect
      .poll(() => messagesAt(page, 'Photo'))
      .toEqual([expect.stringMatching(/^Use an https:\/\/ address/) as string]);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'A Post With the Wrong Photo Address',
    );
    expect(readdirSync(join(dir, 'src/content/blog')).sort()).toEqual(before);
  });
});
