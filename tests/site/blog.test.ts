/** /blog as built: the heading, the search box, the post cards and the pagination. */
import { describe, expect, it } from 'vitest';
import { blogCategories } from '../../src/schemas/vocabulary';
import { LONG_DATE, SPEC } from '../spec';
import { page } from './built';
import {
  byRole,
  byText,
  cardsOf,
  expectSearchBox,
  expectShown,
  mainOf,
  one,
  outline,
  pageHeading,
  textOf,
  withText,
} from './query';

const blog = () => page('/blog');
const main = () => mainOf(blog());
const posts = () => cardsOf(blog());

describe('blog page', () => {
  it('shows the heading "From Our Kitchen to Yours" and a search box', () => {
    expect(pageHeading(blog())).toBe('From Our Kitchen to Yours');
    expectSearchBox(main());
  });

  it(`shows exactly ${SPEC.postCards} post cards`, () => {
    expect(outline(posts())).toHaveLength(SPEC.postCards);
  });

  it('each post card shows category, title, excerpt, author, date and comment count', () => {
    expect(outline(posts())).toHaveLength(SPEC.postCards);
    for (const card of posts()) {
      const title = one(byRole(card, 'heading'), 'title');
      expect(textOf(title)).toMatch(/\w{3,}/);
      const name = textOf(title);
      const category = new RegExp(`^(${blogCategories.join('|')})$`, 'i');
      expectShown(one(byText(card, category), `category of ${name}`), `category of ${name}`);
      const excerpt = withText(byRole(card, 'paragraph'), /\w+ \w+ \w+ \w+ \w+/);
      expectShown(one(excerpt, `excerpt of ${name}`), `excerpt of ${name}`);
      expect(
        outline(
          withText(byRole(card, 'listitem'), /^(By\s+)?[A-Z][\p{L}'’-]+( [A-Z][\p{L}'’-]+)+$/u),
        ),
        `author of ${name}`,
      ).toHaveLength(1);
      expectShown(one(byText(card, LONG_DATE), `date of ${name}`), `date of ${name}`);
      expectShown(
        one(byText(card, /^\d+ comments?$/), `comments of ${name}`),
        `comments of ${name}`,
      );
    }
  });

  it('lists the newest post first, dates descending', () => {
    const dates = posts().map((card) => {
      const text = textOf(one(byText(card, LONG_DATE), 'date'));
      const time = Date.parse(`${text} UTC`);
      expect(Number.isNaN(time), `parse "${text}"`).toBe(false);
      return time;
    });
    expect(dates).toHaveLength(SPEC.postCards);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it(`pagination shows Previous, "${SPEC.pageLabel}" and Next`, () => {
    expectShown(one(byRole(main(), 'button', { name: 'Previous' }), 'Previous'), 'Previous');
    expectShown(one(byText(main(), SPEC.pageLabel, { exact: true }), 'label'), SPEC.pageLabel);
    expectShown(one(byRole(main(), 'button', { name: 'Next' }), 'Next'), 'Next');
  });
});
