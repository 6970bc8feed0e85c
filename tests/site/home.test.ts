/** The home page as built: hero, Today's Special, Featured Recipes, latest posts, newsletter. */
import { describe, expect, it } from 'vitest';
import { SPEC } from '../spec';
import { page } from './built';
import {
  accessibleName,
  byRole,
  byText,
  expectShown,
  one,
  outline,
  pageHeading,
  textOf,
  withText,
} from './query';

const home = () => page('/');
const hero = () => one(byRole(home(), 'region', { name: 'Discover Culinary Magic' }), 'hero');
const featured = () => one(byRole(home(), 'region', { name: 'Featured Recipes' }), 'Featured');
const newsletter = () =>
  one(
    byRole(home(), 'region').filter(
      (region) => byRole(region, 'button', { name: 'Subscribe Now' }).length > 0,
    ),
    'newsletter',
  );

describe('home hero', () => {
  it('shows the headline "Discover Culinary Magic"', () => {
    expect(pageHeading(home())).toBe('Discover Culinary Magic');
  });

  it('shows three stats, each a figure with a label', () => {
    expect(outline(byRole(hero(), 'definition'))).toHaveLength(3);
    expect(outline(byRole(hero(), 'term'))).toHaveLength(3);
  });

  it("Today's Special card shows one recipe with its rating and time", () => {
    const special = one(withText(byRole(home(), 'article'), "Today's Special"), 'special');
    expectShown(special, "Today's Special");
    expect(textOf(one(byRole(special, 'heading'), 'heading'))).toMatch(/\w/);
    expect(textOf(special)).toMatch(/Rating: \d(\.\d)?/);
    expect(textOf(special)).toMatch(/Time: \d+ (min|hr)/);
  });
});

describe('home featured recipes', () => {
  it(`shows exactly ${SPEC.featuredRecipes} recipe cards`, () => {
    const heading = one(byRole(featured(), 'heading', { name: 'Featured Recipes' }), 'heading');
    expectShown(heading, 'the heading');
    expect(outline(byRole(featured(), 'article'))).toHaveLength(SPEC.featuredRecipes);
  });
});

describe('home newsletter', () => {
  it('has a required email-type field and a Subscribe Now button', () => {
    const email = one(byRole(newsletter(), 'textbox'), 'email field');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required'), 'required').toBe(true);
    expect(accessibleName(email)).toMatch(/email/i);
    expectShown(
      one(byRole(newsletter(), 'button', { name: 'Subscribe Now' }), 'Subscribe Now'),
      'Subscribe Now',
    );
  });

  it('shows three stats, each a figure with a label', () => {
    expect(outline(byRole(newsletter(), 'definition'))).toHaveLength(3);
    expect(outline(byRole(newsletter(), 'term'))).toHaveLength(3);
  });

  it('shows a privacy note: no spam, unsubscribe at any time', () => {
    expectShown(one(byText(newsletter(), /no spam/i), '"no spam"'), '"no spam"');
    expectShown(
      one(byText(newsletter(), /unsubscribe at any time/i), '"unsubscribe"'),
      '"unsubscribe at any time"',
    );
  });
});
