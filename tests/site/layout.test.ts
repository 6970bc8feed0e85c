/** The page shell as built: titles, the header's navigation and the footer. */
import { describe, expect, it } from 'vitest';
import { companyLinks, routes } from '../spec';
import { page } from './built';
import { byRole, byText, expectShown, one, textOf } from './query';

const banner = (doc: Document) => one(byRole(doc, 'banner'), 'header');
const mainNav = (doc: Document) =>
  one(byRole(banner(doc), 'navigation', { name: 'Main' }), 'main navigation');
const footer = (doc: Document) => one(byRole(doc, 'contentinfo'), 'footer');

describe('routes', () => {
  it('every route has its own title', () => {
    const titles = routes.map((route) => page(route.path).title);
    expect(new Set(titles).size).toBe(routes.length);
  });
});

describe('header', () => {
  it('links Home, Recipes, Blog, About and Contact to their routes', () => {
    const nav = mainNav(page('/'));
    expect(byRole(nav, 'link').map(textOf)).toEqual([
      'Home',
      'Recipes',
      'Blog',
      'About',
      'Contact',
    ]);
    for (const route of routes) {
      const link = one(byRole(nav, 'link', { name: route.nav, exact: true }), `${route.nav} link`);
      expect(link.getAttribute('href'), route.nav).toBe(route.path);
    }
  });
});

describe('footer', () => {
  it('shows the tagline, an email link, a phone link, an address and a copyright line', () => {
    const f = footer(page('/'));
    expectShown(one(byText(f, /Recipes, cooking tips and stories/i), 'tagline'), 'the tagline');
    expect(one(byRole(f, 'link', { name: /@/ }), 'email link').getAttribute('href')).toMatch(
      /^mailto:\S+@\S+$/,
    );
    expect(
      one(byRole(f, 'link', { name: /^\+?[\d ()-]+$/ }), 'phone link').getAttribute('href'),
    ).toMatch(/^tel:/);
    const address = one([...f.querySelectorAll('address')], 'address');
    expectShown(address, 'the address');
    expect(textOf(address)).toMatch(/\w+ \w+/);
    expectShown(one(byText(f, /©\s*\d{4}/), 'copyright line'), 'the copyright line');
  });

  it('Company column holds real links to its six pages', () => {
    const column = one(byRole(footer(page('/')), 'navigation', { name: 'Company' }), 'Company');
    expect(byRole(column, 'link').map(textOf)).toEqual(companyLinks.map((c) => c.name));
    for (const { name, href } of companyLinks) {
      const link = one(byRole(column, 'link', { name, exact: true }), `${name} link`);
      expect(link.getAttribute('href'), name).toBe(href);
    }
  });
});
