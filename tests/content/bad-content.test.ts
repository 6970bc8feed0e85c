/**
 * Bad content must stop the build with a message naming the file and the field. Each case copies
 * the project to a scratch folder, breaks one thing, and runs the real Astro CLI there.
 */
import { describe, expect, it, vi } from 'vitest';
import { astro, edit, scratchProject } from './scratch';

// Each test runs the real Astro CLI on a scratch copy: seconds, not milliseconds.
vi.setConfig({ testTimeout: 180_000 });

const RECIPE = 'src/content/recipes/smash-burgers.mdx';
const POST = 'src/content/blog/five-knife-skills-every-home-cook-needs.mdx';
const field = (name: string, value: string) => (text: string) =>
  text.replace(new RegExp(`^${name}: .*$`, 'm'), `${name}: ${value}`);

describe('the content schema stops bad frontmatter in `astro sync`, and so in build and check', () => {
  it.each([
    ['a wrong type', RECIPE, field('servings', '"four"'), 'servings', /Expected type `"number"`/],
    [
      'an out-of-range rating',
      RECIPE,
      field('rating', '7.5'),
      'rating',
      /expected number to be <=5/,
    ],
    ['an unknown enum value', RECIPE, field('category', 'Martian'), 'category', /Invalid option/],
    [
      'a missing required field',
      RECIPE,
      (t: string) => t.replace(/^title: .*\n/m, ''),
      'title',
      /title: Required/,
    ],
    [
      'a date that is not a date',
      POST,
      field('publishDate', 'last Tuesday'),
      'publishDate',
      /Expected type `"date"`/,
    ],
    [
      'an impossible calendar date',
      POST,
      field('publishDate', '2025-13-45'),
      'publishDate',
      /2025-13-45, which is not a real date/,
    ],
    [
      'an invalid image URL',
      POST,
      (t: string) => t.replace(/src: .*/, 'src: not-a-url'),
      'image.src',
      /https:\/\/ URL/,
    ],
  ])('rejects %s, naming the file and the field', async (_, file, change, fieldName, message) => {
    const dir = scratchProject();
    edit(dir, file, change);
    const { status, output } = astro(dir, 'sync');
    expect(status).not.toBe(0);
    expect(output).toContain(file);
    expect(output).toContain(`${fieldName}`);
    expect(output).toMatch(message);
  });
});

describe('the build stops what the schema alone cannot see', () => {
  it('fails `astro check` on a schema error too', () => {
    const dir = scratchProject();
    edit(dir, RECIPE, field('difficulty', 'Tricky'));
    const { status, output } = astro(dir, 'check');
    expect(status).not.toBe(0);
    expect(output).toContain(RECIPE);
    expect(output).toContain('difficulty: ');
  });

  it('fails the build when a post names a team member who does not exist', () => {
    const dir = scratchProject();
    edit(dir, POST, field('author', 'gordon-ramsay'));
    const { status, output } = astro(dir, 'build');
    expect(status).not.toBe(0);
    expect(output).toContain(
      `${POST}: "author" refers to team member "gordon-ramsay", which does not exist.`,
    );
  });

  it('fails the build when an MDX body does not compile, naming the file', () => {
    const dir = scratchProject();
    edit(dir, RECIPE, (text) => `${text}\n\nAn unclosed <Component tag and a stray { brace.\n`);
    const { status, output } = astro(dir, 'build');
    expect(status).not.toBe(0);
    expect(output).toContain(`${RECIPE}: the MDX body does not compile`);
  });
});
