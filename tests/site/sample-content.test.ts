/**
 * The facts of the sample content that the site was specified with. Every other test checks
 * behaviour against whatever content is committed; this file alone pins the sample itself.
 * A writer who changes one of these facts on purpose changes it here too (see the README).
 */
import { expect, it } from 'vitest';
import { page } from './built';
import { byRole, byText, expectShown, mainOf, one, outline, textOf, withText } from './query';

const footer = (doc: Document) => one(byRole(doc, 'contentinfo'), 'footer');

it("Today's Special is a pasta rated 4.9 that takes 25 min", () => {
  const special = one(withText(byRole(page('/'), 'article'), "Today's Special"), 'special');
  expect(textOf(one(byRole(special, 'heading'), 'heading'))).toMatch(/pasta/i);
  expect(textOf(special)).toContain('4.9');
  expect(textOf(special)).toMatch(/\b25 min\b/);
});

it('the hero stats are 500+ Recipes, 30min Avg Time and 10k+ Members', () => {
  const hero = one(byRole(page('/'), 'region', { name: 'Discover Culinary Magic' }), 'hero');
  expect(byRole(hero, 'definition').map(textOf)).toEqual(['500+', '30min', '10k+']);
  expect(byRole(hero, 'term').map(textOf)).toEqual(['Recipes', 'Avg Time', 'Members']);
});

it('the newsletter stats are 50+ new recipes monthly, 15k+ subscribers and 100% free', () => {
  const newsletter = one(
    byRole(page('/'), 'region').filter(
      (region) => byRole(region, 'button', { name: 'Subscribe Now' }).length > 0,
    ),
    'newsletter',
  );
  expect(byRole(newsletter, 'definition').map(textOf)).toEqual(['50+', '15k+', '100%']);
  expect(byRole(newsletter, 'term').map(textOf)).toEqual([
    expect.stringMatching(/new recipes monthly/i),
    expect.stringMatching(/subscribers/i),
    expect.stringMatching(/free/i),
  ]);
});

it('the values are Passion, Quality and Community', () => {
  const values = one(byRole(mainOf(page('/about')), 'region', { name: /values/i }), 'values');
  expect(byRole(values, 'heading', { level: 3 }).map(textOf)).toEqual([
    'Passion',
    'Quality',
    'Community',
  ]);
});

it('the team is a founder and head chef, a food photographer, and a nutritionist and writer', () => {
  const team = one(byRole(mainOf(page('/about')), 'region', { name: /team/i }), 'team');
  const members = byRole(team, 'article');
  expect(outline(members)).toHaveLength(3);
  const roles = members.map((member) => textOf(byRole(member, 'paragraph')[0]!));
  expect(roles).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/founder.*head chef/i),
      expect.stringMatching(/food photographer/i),
      expect.stringMatching(/nutritionist.*writer/i),
    ]),
  );
});

it.each([
  ['footer', '/', footer],
  ['contact page', '/contact', mainOf],
] as const)('the %s gives the placeholder email, phone and street address', (_, path, region) => {
  const within = region(page(path));
  const email = one(byRole(within, 'link', { name: 'hello@deliciousbites.com' }), 'email link');
  expect(email.getAttribute('href')).toBe('mailto:hello@deliciousbites.com');
  const phone = one(byRole(within, 'link', { name: '+1 (555) 123-4567' }), 'phone link');
  expect(phone.getAttribute('href')).toMatch(/^tel:\+?1?5551234567$/);
  expectShown(one(byText(within, /123 Culinary Street/), 'street address'), 'the street address');
});

it('the copyright line is for 2025', () => {
  expectShown(one(byText(footer(page('/')), /©\s*2025/), 'copyright line'), 'the copyright line');
});
