/**
 * The web editor a writer without git can trust, tried through its page only: nothing it saves
 * breaks the site, no word is lost, only what the writer changed changes, every refusal is at
 * its field, and a delete leaves nothing behind. `git` in the scratch project tells what each
 * step wrote.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { contentFolders } from '../../src/config.ts';
import { astro } from '../support/astro-cli';
import { workbench } from './workbench';
import {
  bodyEditor,
  choose,
  collections,
  formSaved,
  messagesAt,
  openEntry as openEntryIn,
  photoOnDisk,
  publishNow,
  typeInBody,
  type Collection,
} from './writer';

// A writer's own post, with what editors tend to rewrite: a YAML comment, emphasis with
// asterisks, and a table padded by hand.
const commented = 'src/content/blog/the-five-minute-pan-sauce.mdx';
const bench = workbench();
beforeEach(() => {
  const text = bench
    .read(commented)
    .replace(/^excerpt:/m, '# What the card shows under the title\nexcerpt:')
    .replace(
      /\n$/,
      '\n\nServe it *very* hot.\n\n| Pan | Liquid |\n|---|---|\n| Steak | Red wine |\n',
    );
  writeFileSync(join(bench.dir, commented), text);
  bench.git('commit', '--quiet', '-am', 'A writer’s own post');
});

/** The entry's address in the editor: its file's name without its ending. */
const slugOf = (file: string) => file.replace(/^.*\/|\.\w+$/g, '');

/** Every sample entry: its collection, file, and the text of its name field's line. */
const samples = (Object.keys(collections) as Collection[]).flatMap((collection) =>
  readdirSync(contentFolders[collection].folder).map((name) => {
    const file = `${contentFolders[collection].folder}/${name}`;
    const key = collections[collection].nameField;
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((each) => each.startsWith(`${key}: `))!;
    const value = line.slice(key.length + 2).replace(/^(['"])(.*)\1$/, '$2');
    return { collection, file, line, value: value.replace("''", "'") };
  }),
);

/**
 * The samples whose name a second save puts back: the first of each collection for each way its
 * line is written (plain, in single or in double quotes). That a save with no change gives back
 * every sample byte for byte is tests/unit/keep-text.test.ts's, for the text the page saves.
 */
const putBack = new Set(
  Map.groupBy(samples, ({ collection, line }) => `${collection} ${/: (['"]?)/.exec(line)![1]}`)
    .values()
    .map(([first]) => first),
);

/**
 * Opens the list of a collection in a new tab, as saved now, and closes the old one: leaving an
 * entry that was not saved asks the writer first, and a test has no one to answer.
 */
async function openList(collection: Collection) {
  const old = bench.page;
  bench.page = await old.context().newPage();
  await old.close();
  await bench.page.goto(`${bench.server.url}/admin/#/collections/${collection}`);
  await bench.page.getByRole('link', { name: /Create entry of type/ }).waitFor();
}

/** Opens the entry called `name` in a new tab; the page it is on. */
async function openEntry(collection: Collection, name: string) {
  await openList(collection);
  return openEntryIn(bench.page, bench.server.url, collection, name);
}

/** Starts a new entry; the page it is on. */
async function newEntry(collection: Collection) {
  await openList(collection);
  const { page } = bench;
  await page.getByRole('link', { name: /Create entry of type/ }).click();
  await page.getByLabel(collections[collection].nameLabel, { exact: true }).waitFor();
  return page;
}

/** What the scratch project's content folder holds that git does not: nothing, after a refusal. */
const unsaved = () => bench.git('status', '--porcelain', '--', 'src/content');

describe('the web editor keeps what the writer did not change', () => {
  it('changes only the name’s line of every sample entry, and a second save putting it back restores the file byte for byte, for each way a name’s line is written', async () => {
    const { page } = bench;
    // The files saved once and not put back: git sees those changed, and nothing else.
    const changed: string[] = [];
    const status = () =>
      changed
        .toSorted()
        .map((each) => ` M ${each}\n`)
        .join('');
    for (const sample of samples) {
      const { collection, file, line, value } = sample;
      const original = bench.read(file);
      const nameField = page.getByLabel(collections[collection].nameLabel, { exact: true });
      // Opened from its list in the same tab: the last entry was left saved, nothing to ask.
      await openEntryIn(page, bench.server.url, collection, value);
      await nameField.fill(`${value} x`);
      await publishNow(page);
      await bench.onDisk(`${file} saved`, file, (text) => text !== original);
      expect(bench.changedLines(file), file).toEqual([
        `-${line}`,
        `+${line.replace(/(['"]?)$/, ' x$1')}`,
      ]);

      // Put back in the entry opened again by its address, once the form says it is saved.
      await formSaved(page);
      if (!putBack.has(sample)) {
        changed.push(file);
        expect(unsaved(), file).toBe(status());
        continue;
      }
      // Through its list, so that its form is drawn anew: Decap's text box keeps the caret of
      // its last change, and would put it back into a select-all.
      await page.goto(`${bench.server.url}/admin/#/collections/${collection}`);
      await page.getByRole('link', { name: /Create entry of type/ }).waitFor();
      await page.goto(
        `${bench.server.url}/admin/#/collections/${collection}/entries/${slugOf(file)}`,
      );
      await expect.poll(() => nameField.inputValue()).toBe(`${value} x`);
      await nameField.fill(value);
      await publishNow(page);
      await bench.onDisk(`${file} saved again`, file, (text) => text === original);
      await formSaved(page);
      expect(unsaved(), file).toBe(status());
    }
    expect(putBack.size).toBe(5);
  }, 360_000);

  it('changes one word of a recipe’s description on its line alone, the quotes and the list items kept', async () => {
    const file = 'src/content/recipes/pasta-carbonara.mdx';
    await openEntry('recipes', 'Pasta Carbonara');
    const description = bench.page.getByLabel('Description', { exact: true });
    await description.fill((await description.inputValue()).replace('silky', 'glossy'));
    await publishNow(bench.page);
    await bench.onDisk('the description saved', file, (text) => text.includes('A glossy sauce'));
    expect(bench.changedLines(file)).toEqual([
      expect.stringMatching(/^-description: 'A silky sauce/) as string,
      expect.stringMatching(/^\+description: 'A glossy sauce/) as string,
    ]);
  });

  it('changes a team member’s role on its line alone, her folded bio kept', async () => {
    const file = 'src/content/team/priya-raman.yaml';
    await openEntry('team', 'Priya Raman');
    await bench.page.getByLabel('Role', { exact: true }).fill('Nutritionist & Author');
    await publishNow(bench.page);
    await bench.onDisk('the role saved', file, (text) => text.includes('Author'));
    expect(bench.changedLines(file)).toEqual([
      '-role: Nutritionist & Writer',
      '+role: Nutritionist & Author',
    ]);
    expect(bench.read(file)).toMatch(/^bio: >-\n {2}Priya Raman is a registered dietitian/m);
  });

  it('changes one word of a post’s excerpt on its line alone, its YAML comment, emphasis and table kept', async () => {
    await openEntry('blog', 'The Five-Minute Pan Sauce That Upgrades Any Weeknight Dinner');
    const excerpt = bench.page.getByLabel('Excerpt', { exact: true });
    await excerpt.fill((await excerpt.inputValue()).replace('pure flavor', 'pure flavour'));
    await publishNow(bench.page);
    await bench.onDisk('the excerpt saved', commented, (text) => text.includes('pure flavour'));
    expect(bench.changedLines(commented)).toEqual([
      expect.stringMatching(/^-excerpt: 'Those brown bits .* pure flavor\./) as string,
      expect.stringMatching(/^\+excerpt: 'Those brown bits .* pure flavour\./) as string,
    ]);
  });
});

describe('the web editor refuses what would break the site, at the field, writing nothing', () => {
  it('refuses a new recipe titled like an existing one, whose id only clashes once slugged', async () => {
    await newEntry('recipes');
    await bench.page.getByLabel('Title', { exact: true }).fill('Pasta  Carbonara');
    await publishNow(bench.page);
    await expect
      .poll(() => messagesAt(bench.page, 'Title'))
      .toEqual([
        'This file and src/content/recipes/pasta-carbonara.mdx both make the entry "pasta-carbonara". Choose another title.',
      ]);
    expect(unsaved()).toBe('');
  });

  it('shows an http:// photo and a credit link without a name at their fields in one round', async () => {
    const page = await newEntry('blog');
    await page.getByLabel('Title', { exact: true }).fill('A Post With the Wrong Photo Address');
    await page.getByLabel('Excerpt', { exact: true }).fill('A draft I do not want to lose.');
    page.once('dialog', (dialog) => void dialog.accept('http://images.example.com/bread.jpg'));
    await page.getByRole('button', { name: 'Insert from URL' }).click();
    await page.getByLabel('Alt text', { exact: true }).fill('A loaf of bread');
    await page.getByRole('button', { name: 'Expand' }).click();
    await page
      .getByRole('textbox', { name: 'Link (optional)', exact: true })
      .fill('https://example.com/baker');
    // The field says in words when its name is needed; no label calls it optional.
    const creditName = page.locator('label', { hasText: /^Name/ });
    expect(await creditName.innerText()).toMatch(/^name$/i);
    await expect
      .poll(() => page.getByText('Needed once the credit has anything in it.').count())
      .toBe(1);

    await publishNow(page);
    await expect
      .poll(() => messagesAt(page, 'Photo'))
      .toEqual([expect.stringMatching(/^Use an https:\/\/ address/) as string]);
    expect(await messagesAt(page, 'Name')).toEqual([expect.stringMatching(/required/) as string]);
    expect((await messagesAt(page, 'Category')).length).toBe(1);
    expect(await page.getByLabel('Excerpt', { exact: true }).inputValue()).toBe(
      'A draft I do not want to lose.',
    );
    expect(unsaved()).toBe('');
  });

  it('shows a rating with two decimals at its field, with no word of a missing field', async () => {
    const page = await openEntry('recipes', 'Pasta Carbonara');
    await page.getByLabel('Rating', { exact: true }).fill('4.75');
    await publishNow(page);
    await expect
      .poll(() => messagesAt(page, 'Rating'))
      .toEqual([expect.stringMatching(/one decimal/) as string]);
    await page.getByText('Not saved yet: each field marked in red says what to change.').waitFor();
    expect(await page.getByText(/missed a required field/i).count()).toBe(0);
    expect(unsaved()).toBe('');
  });

  it('stops {…} text in an .mdx post at the body, with its line and the fix', async () => {
    const page = await openEntry('blog', 'Why Sunday Ragù Is About More Than Sauce');
    await typeInBody(page, '\n\nUse {curly} braces.');
    await publishNow(page);
    await expect
      .poll(() => messagesAt(page, 'Text (optional)'))
      .toEqual([
        expect.stringMatching(/^Line \d+: "\{curly\}" is code in an \.mdx file/) as string,
      ]);
    expect(unsaved()).toBe('');
  });

  it('refuses to make a featured recipe a draft when Featured Recipes would fall short', async () => {
    const page = await openEntry('recipes', 'Classic Beef Bourguignon');
    await page.getByRole('switch', { name: /Draft/ }).click();
    await publishNow(page);
    await expect
      .poll(() => messagesAt(page, 'Draft'))
      .toEqual([expect.stringMatching(/Featured Recipes on the home page/) as string]);
    expect(unsaved()).toBe('');
  });

  it('refuses to delete a team member that posts still name, naming them', async () => {
    const page = await openEntry('team', 'Priya Raman');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /delete (published )?entry/i }).click();
    await page
      .getByText('Not deleted: the site would no longer build.', { exact: false })
      .waitFor();
    await page
      .getByText(/src\/content\/blog\/building-a-balanced-vegan-plate\.mdx/)
      .first()
      .waitFor();
    expect(unsaved()).toBe('');
  });
});

describe('the web editor loses no word, and a delete leaves nothing behind', () => {
  const folder = 'src/content/blog/braces-and-notes';

  it('saves braces, a < b and an HTML comment in a new post as plain Markdown, the feed has them, and deleting the post leaves nothing behind', async () => {
    const { dir } = bench;
    const photo = join(dir, 'upload/cover.jpg');
    await photoOnDisk(photo);
    const page = await newEntry('blog');
    await page.getByLabel('Title', { exact: true }).fill('Braces and Notes');
    await page.getByLabel('Excerpt', { exact: true }).fill('Nothing a writer types is lost.');
    await choose(page, 'Category', 'Baking');
    await choose(page, 'Author', 'Priya Raman');
    await page.getByLabel('Publish date', { exact: true }).fill('2026-11-20');
    await page.getByLabel('Publish date', { exact: true }).press('Tab');
    await page.getByRole('button', { name: 'Choose an image' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: /choose selected/i }).click();
    await page.getByLabel('Alt text', { exact: true }).fill('A loaf of bread');
    await page.getByRole('switch', { name: /Draft/ }).click();
    await typeInBody(
      page,
      'Use {curly} braces, and a < b.\n\n<!-- a note to myself -->\nServe it *cold*.',
    );
    await expect.poll(() => bodyEditor(page).innerText()).toContain('Serve it *cold*.');
    await publishNow(page);
    // The proxy writes the entry's file, then its photo.
    await bench.onDisk('the post saved', `${folder}/index.md`, () => true);
    await bench.server.until('its photo saved', () => existsSync(join(dir, folder, 'cover.jpg')));
    expect(readdirSync(join(dir, folder)).sort()).toEqual(['cover.jpg', 'index.md']);
    expect(bench.read(`${folder}/index.md`)).toMatch(
      /\n---\n\nUse \{curly\} braces, and a < b\.\n\n<!-- a note to myself -->\nServe it \*cold\*\.\n$/,
    );

    const build = astro(dir, 'build', { PUBLISH_NOW: '2026-11-26T12:00:00Z' });
    expect(build.status, build.output).toBe(0);
    const feed = readFileSync(join(dir, 'dist/rss.xml'), 'utf8');
    expect(feed).toContain('Braces and Notes');
    // The post's HTML, escaped once more inside the feed's XML.
    expect(feed).toContain('Use {curly} braces, and a &amp;lt; b.');
    expect(feed).toContain('Serve it &lt;em&gt;cold&lt;/em&gt;.');

    // Deleted: its photo and folder go with it, and git has nothing left to say.
    await openEntry('blog', 'Braces and Notes');
    const deleting = bench.page;
    deleting.once('dialog', (dialog) => void dialog.accept());
    await deleting.getByRole('button', { name: /delete (published )?entry/i }).click();
    await bench.server.until(
      'the post deleted',
      () => !existsSync(join(bench.dir, `${folder}/index.md`)),
    );
    expect(existsSync(join(bench.dir, `${folder}/cover.jpg`))).toBe(false);
    expect(unsaved()).toBe('');
  });
});
