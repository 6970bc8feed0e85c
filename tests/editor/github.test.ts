/**
 * The web editor publishing to GitHub, as on the live site, against a GitHub of our own
 * (github.ts): the page lists, opens, saves, uploads and deletes through Decap's GitHub backend,
 * and `git` in the fake's repository tells what each step committed. It also guards what the
 * editor's coming merge relies on: a save is built on the branch's head and never forces the
 * branch, so a save racing a colleague's push fails instead of overwriting it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { githubWorkbench, people, type Exchange } from './github';
import { photoOnDisk, publishNow, saved } from './writer';

const bench = githubWorkbench();

const labels = { recipes: 'Title', blog: 'Title', team: 'Name' } as const;
type Collection = keyof typeof labels;

/** An entry's link in the list: its name, then its state. */
const named = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `);

/**
 * Opens a collection's list in a new tab, and closes the old one: leaving an entry that was not
 * saved asks the writer first, and a test has no one to answer.
 */
async function openList(collection: Collection) {
  const old = bench.page;
  bench.page = await old.context().newPage();
  await old.close();
  await bench.page.goto(`${bench.server.url}/admin/#/collections/${collection}`);
  await bench.page.getByRole('link', { name: /Create entry of type/ }).waitFor();
  return bench.page;
}

/** Opens the entry called `name`, its values in the form. */
async function openEntry(collection: Collection, name: string) {
  const page = await openList(collection);
  await page.getByRole('link', { name: named(name) }).click();
  // The form is drawn before the entry's values are in it: a key pressed earlier lands elsewhere.
  const field = page.getByLabel(labels[collection], { exact: true });
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(name);
  return page;
}

/** The lines `from`..`to` changed, as `-old` and `+new`. */
const changedLines = (from: string, to = bench.github.branch) =>
  bench.github
    .git('diff', '--unified=0', from, to)
    .split('\n')
    .filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));

/** The files `from`..`to` changed, with git's letter: A added, M modified, D deleted. */
const changedFiles = (from: string, to = bench.github.branch) =>
  bench.github.git('diff', '--name-status', '--no-renames', from, to).split('\n').filter(Boolean);

/** The commits on the branch since `from`, newest first. */
const commitsSince = (from: string) =>
  bench.github.git('rev-list', `${from}..${bench.github.branch}`).split('\n').filter(Boolean);

/** The requests the pages made since `from` (an index into the fake's record) to `endpoint`. */
const sent = (from: number, endpoint: string): Exchange[] =>
  bench.github.exchanges.slice(from).filter((each) => each.endpoint === endpoint);

const sauce = 'src/content/blog/the-five-minute-pan-sauce.mdx';
const sauceTitle = 'The Five-Minute Pan Sauce That Upgrades Any Weeknight Dinner';
const carbonara = 'src/content/recipes/pasta-carbonara.mdx';

describe('the web editor on GitHub', () => {
  it('lists a collection as the branch has it, a colleague’s pushed title included', async () => {
    const file = 'src/content/blog/why-sunday-ragu-matters.mdx';
    bench.github.commitAs(people.colleague, {
      [file]: bench.github.read(file).replace('About More Than Sauce', 'About the Table'),
    });
    const page = await openList('blog');
    const files = bench.github.git(
      'ls-tree',
      '--name-only',
      bench.github.branch,
      'src/content/blog/',
    );
    for (const name of files.split('\n')) {
      const { title } = parse(/^---\n([\s\S]*?)\n---/.exec(bench.github.read(name))![1]!) as {
        title: string;
      };
      await page.getByRole('link', { name: named(title) }).waitFor();
    }
    expect(await page.getByRole('link', { name: /About More Than Sauce/ }).count()).toBe(0);
  });

  it('publishes one changed field as one commit by the writer, whose diff is that line alone', async () => {
    const before = bench.github.head();
    const page = await openEntry('blog', sauceTitle);
    const excerpt = page.getByLabel('Excerpt', { exact: true });
    await excerpt.fill((await excerpt.inputValue()).replace('pure flavor', 'pure flavour'));
    await publishNow(page);
    await saved(page);
    expect(commitsSince(before)).toHaveLength(1);
    expect(changedFiles(before)).toEqual([`M\t${sauce}`]);
    expect(changedLines(before)).toEqual([
      expect.stringMatching(/^-excerpt: 'Those brown bits .* pure flavor\./) as string,
      expect.stringMatching(/^\+excerpt: 'Those brown bits .* pure flavour\./) as string,
    ]);
    expect(bench.github.git('log', '-1', '--format=%an <%ae>')).toBe(
      'Ada Writer <ada@example.com>',
    );
  });

  const folder = 'src/content/team/mara-lind';

  it('publishes a new team member with a portrait in one commit, the photo’s bytes as uploaded, and deletes both in one commit, leaving the folder gone', async () => {
    const photo = join(bench.dir, 'upload/portrait.jpg');
    await photoOnDisk(photo);
    const before = bench.github.head();
    const page = await openList('team');
    await page.getByRole('link', { name: 'Create entry of type Team member' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Mara Lind');
    await page.getByLabel('Role', { exact: true }).fill('Pastry Chef');
    await page.getByLabel('Bio', { exact: true }).fill('Mara Lind bakes.');
    await page.getByRole('button', { name: 'Choose an image' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: /choose selected/i }).click();
    await page.getByLabel('Alt text', { exact: true }).fill('Mara Lind in her bakery');
    await publishNow(page);
    await saved(page);
    expect(commitsSince(before)).toHaveLength(1);
    expect(changedFiles(before)).toEqual([`A\t${folder}/index.yaml`, `A\t${folder}/portrait.jpg`]);
    const uploaded = execFileSync('git', ['hash-object', photo], { encoding: 'utf8' }).trim();
    expect(bench.github.git('rev-parse', `${bench.github.branch}:${folder}/portrait.jpg`)).toBe(
      uploaded,
    );
    expect(bench.github.read(`${folder}/index.yaml`)).toMatch(/^ {2}src: \.\/portrait\.jpg$/m);

    // Deleted, with the portrait only it used.
    const published = bench.github.head();
    const again = await openEntry('team', 'Mara Lind');
    again.once('dialog', (dialog) => void dialog.accept());
    await again.getByRole('button', { name: /delete (published )?entry/i }).click();
    await expect.poll(() => commitsSince(published).length, { timeout: 30_000 }).toBe(1);
    expect(changedFiles(published)).toEqual([
      `D\t${folder}/index.yaml`,
      `D\t${folder}/portrait.jpg`,
    ]);
    expect(bench.github.git('ls-tree', bench.github.branch, `${folder}/`)).toBe('');
  });

  // Decap lists a relation's choices and a search's entries with allEntriesByFolder and the
  // collection's path pattern (team/(.*)/index), which no flat file (team/priya-raman.yaml)
  // matches; the editor lists every file of the collection's ending instead (decap/backends.ts).
  it('offers the team in a new post’s Author picker', async () => {
    const page = await openList('blog');
    await page.getByRole('link', { name: 'Create entry of type Post' }).click();
    await page.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'James Okafor' }).waitFor({ timeout: 5000 });
  });

  it('finds a post by a word of its title', async () => {
    const page = await openList('blog');
    await page.getByPlaceholder('Search', { exact: true }).fill('Sourdough');
    await page.keyboard.press('Enter');
    await page
      .getByRole('link', { name: /^Your First Sourdough Starter/ })
      .waitFor({ timeout: 5000 });
  });

  it('lets two writers save different entries one after the other, the second on top of the first', async () => {
    const before = bench.github.head();
    const ben = await bench.open(people.ben);
    await ben.getByRole('link', { name: 'Team' }).click();
    await ben.getByRole('link', { name: /^Priya Raman · / }).click();
    const role = ben.getByLabel('Role', { exact: true });
    await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe('Nutritionist & Writer');
    await role.fill('Nutritionist & Author');
    await publishNow(ben);
    await saved(ben);
    await ben.context().close();

    const page = await openEntry('recipes', 'Pasta Carbonara');
    const description = page.getByLabel('Description', { exact: true });
    await description.fill((await description.inputValue()).replace('silky', 'glossy'));
    await publishNow(page);
    await saved(page);
    const [ada, benCommit] = commitsSince(before);
    expect(bench.github.git('log', '-1', '--format=%an', benCommit!)).toBe('Ben Cook');
    expect(bench.github.git('log', '-1', '--format=%an %P', ada!)).toBe(`Ada Writer ${benCommit}`);
    expect(changedFiles(before)).toEqual([
      `M\t${carbonara}`,
      'M\tsrc/content/team/priya-raman.yaml',
    ]);
  });
});

describe('what the editor’s merge relies on in Decap’s GitHub save: built on the head just read, the branch never forced', () => {
  it('bases the save’s tree and commit on the head GET branches answered, and moves the branch with force: false', async () => {
    const from = bench.github.exchanges.length;
    const page = await openEntry('blog', sauceTitle);
    const excerpt = page.getByLabel('Excerpt', { exact: true });
    await excerpt.fill((await excerpt.inputValue()).replace('pure flavor', 'pure flavour'));
    await publishNow(page);
    await saved(page);
    const [tree] = sent(from, 'POST /repos/{o}/{r}/git/trees');
    const [commit] = sent(from, 'POST /repos/{o}/{r}/git/commits');
    const [patch] = sent(from, 'PATCH /repos/{o}/{r}/git/refs/heads/{branch}');
    // The head read last before the new tree was asked for: the save's base.
    const read = sent(from, 'GET /repos/{o}/{r}/branches/{branch}')
      .filter(
        (each) => bench.github.exchanges.indexOf(each) < bench.github.exchanges.indexOf(tree!),
      )
      .at(-1)!;
    const head = (read.answer as { commit: { sha: string } }).commit.sha;
    expect(tree!.body).toMatchObject({ base_tree: head });
    expect(commit!.body).toMatchObject({ parents: [head] });
    expect(patch!.body).toEqual({ sha: (commit!.answer as { sha: string }).sha, force: false });
    expect(patch!.status).toBe(200);
  });

  it('has GitHub refuse a save whose branch a colleague moved after Decap read the head, so the colleague’s commit is never overwritten', async () => {
    const page = await openEntry('recipes', 'Pasta Carbonara');
    const description = page.getByLabel('Description', { exact: true });
    await description.fill((await description.inputValue()).replace('silky', 'velvety'));
    const read = bench.github.head();
    let colleague = '';
    // A change on another line of the same file, pushed while Decap builds its commit.
    bench.github.beforeNext('PATCH /repos/{o}/{r}/git/refs/heads/{branch}', () => {
      const text = bench.github.read(carbonara).replace('servings: 4', 'servings: 6');
      colleague = bench.github.commitAs(people.colleague, { [carbonara]: text });
    });
    const from = bench.github.exchanges.length;
    await publishNow(page);
    await saved(page);
    const [raced] = sent(from, 'POST /repos/{o}/{r}/git/commits');
    const [refused, ...then] = sent(from, 'PATCH /repos/{o}/{r}/git/refs/heads/{branch}');
    // Decap's commit stood on the head as read, and GitHub refused to move the branch onto it.
    expect(raced!.body.parents).toEqual([read]);
    expect(refused).toMatchObject({
      status: 422,
      body: { force: false },
      answer: { message: 'Update is not a fast forward' },
    });
    // The editor read the file again, merged, and saved on top of the colleague's commit.
    expect(then.map((each) => each.status)).toEqual([200]);
    expect(bench.github.git('rev-parse', `${bench.github.branch}^`)).toBe(colleague);
    expect(bench.github.read(carbonara)).toMatch(/^servings: 6$/m);
    expect(bench.github.read(carbonara)).toMatch(/velvety/);
  });
});

/** A GET of GitHub's API from the editor's page, with the writer's token (or `token`). */
const fromPage = (url: string, token?: string) =>
  bench.page.evaluate(
    async ({ url, token }) => {
      const stored = JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}') as {
        token: string;
      };
      const headers = { Authorization: `token ${token ?? stored.token}` };
      const response = await fetch(url, { headers });
      const json = (await response.json()) as unknown;
      return { status: response.status, link: response.headers.get('Link'), json };
    },
    { url, token },
  );

type Commit = {
  sha: string;
  commit: { author: { name: string; email: string; date: string }; message: string };
  author: { login: string } | null;
  files?: { filename: string; status: string; previous_filename?: string }[];
};

describe('a file’s history from GitHub, as the editor’s history view will read it', () => {
  it('lists a file’s commits newest first, each with its author and account, in pages the Link header joins', async () => {
    const { github } = bench;
    const file = 'src/content/team/james-okafor.yaml';
    const text = github.read(file);
    github.commitAs(people.colleague, { [file]: text.replace('role: ', 'role: Senior ') }, 'One');
    const last = github.commitAs(people.colleague, { [file]: text }, 'Two');
    const url = `https://api.github.com/repos/${github.repo}/commits?path=${encodeURIComponent(file)}&sha=${github.branch}&per_page=2`;
    const first = await fromPage(url);
    expect(first.status).toBe(200);
    const newest = first.json as Commit[];
    expect(newest.map((each) => [each.commit.message, each.author?.login])).toEqual([
      ['Two', 'cleo-git'],
      ['One', 'cleo-git'],
    ]);
    expect(newest[0]).toMatchObject({
      sha: last,
      commit: { author: { name: 'Cleo Git', email: 'cleo@example.com' } },
    });
    expect(newest[0]!.commit.author.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const next = /<([^>]+)>; rel="next"/.exec(first.link ?? '')?.[1];
    expect(first.link).toMatch(/page=2>; rel="last"/);
    // The first commit, by an email no account has: no account, as GitHub says.
    const second = await fromPage(next!);
    expect((second.json as Commit[]).map((each) => [each.commit.author.name, each.author])).toEqual(
      [['Site Owner', null]],
    );
    expect(second.link).toMatch(/page=1>; rel="first"/);
  });

  it('names a commit’s files with their status, a renamed one with its old name', async () => {
    const { github } = bench;
    github.commitAs(people.colleague, { 'notes/pantry.md': 'Salt\n' });
    const sha = github.commitAs(people.colleague, {
      'notes/pantry.md': null,
      'notes/larder.md': 'Salt\n',
    });
    const { json } = await fromPage(`https://api.github.com/repos/${github.repo}/commits/${sha}`);
    expect((json as Commit).files).toEqual([
      expect.objectContaining({
        filename: 'notes/larder.md',
        status: 'renamed',
        previous_filename: 'notes/pantry.md',
      }),
    ]);
  });
});

describe('the fake GitHub', () => {
  it('answers 401 to a token it did not give', async () => {
    const answer = await fromPage(`https://api.github.com/user`, 'gho_stolen');
    expect(answer).toMatchObject({ status: 401, json: { message: 'Bad credentials' } });
  });

  it('names, with its method and address, a request to an endpoint it does not implement', async () => {
    const url = `https://api.github.com/repos/${bench.github.repo}/pulls?state=open`;
    expect(await fromPage(url)).toMatchObject({ status: 404 });
    // Taken back here, or the check after each test would fail this one.
    expect(bench.github.failures.splice(0)).toEqual([`The fake GitHub has no GET ${url}`]);
  });
});
