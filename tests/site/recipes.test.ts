/** /recipes as built: the heading, the search box and the recipe cards. */
import { describe, expect, it } from 'vitest';
import { recipeCategories } from '../../src/schemas/vocabulary';
import { SPEC } from '../spec';
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

const recipes = () => page('/recipes');
const main = () => mainOf(recipes());
const cards = () => cardsOf(recipes());

describe('recipes page', () => {
  it('shows the heading "Explore Our Recipes" and a search box', () => {
    expect(pageHeading(recipes())).toBe('Explore Our Recipes');
    expectSearchBox(main());
  });

  it(`shows exactly ${SPEC.recipeCards} recipe cards`, () => {
    expect(outline(cards())).toHaveLength(SPEC.recipeCards);
  });

  it('each card shows category, favourite button, title, description, time, servings, rating and difficulty', () => {
    expect(outline(cards())).toHaveLength(SPEC.recipeCards);
    for (const card of cards()) {
      const title = one(byRole(card, 'heading'), 'title');
      expect(textOf(title)).toMatch(/\w{3,}/);
      const name = textOf(title);
      const category = new RegExp(`^(${recipeCategories.join('|')})$`);
      expectShown(one(byText(card, category), `category of ${name}`), `category of ${name}`);
      expectShown(
        one(byRole(card, 'button', { name: /favou?rite/i }), `favourite button of ${name}`),
        `favourite button of ${name}`,
      );
      const description = withText(byRole(card, 'paragraph'), /\w+ \w+ \w+ \w+/);
      expectShown(one(description, `description of ${name}`), `description of ${name}`);
      const facts = byRole(card, 'listitem');
      expect(outline(withText(facts, /\b\d+\s*(min|hr)\b/)), `time of ${name}`).toHaveLength(1);
      expect(outline(withText(facts, /\b\d+\s+servings?\b/)), `servings of ${name}`).toHaveLength(
        1,
      );
      expect(outline(withText(facts, /\b(4\.[6-9]|5\.0)\b/)), `rating of ${name}`).toHaveLength(1);
      const difficulty = one(byText(card, /^(Easy|Medium|Hard)$/), `difficulty of ${name}`);
      expectShown(difficulty, `difficulty of ${name}`);
    }
  });
});
