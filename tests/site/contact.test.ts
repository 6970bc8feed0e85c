/** /contact as built: the form's fields and their constraints, and the contact details. */
import { describe, expect, it } from 'vitest';
import { page } from './built';
import { byRole, expectShown, labelsOf, one, textOf } from './query';

const main = () => one(byRole(page('/contact'), 'main'), 'main');
const field = (label: string) =>
  one(byRole(main(), 'textbox', { name: label, exact: true }), `${label} field`);

describe('contact form', () => {
  it('has required name, email, subject and message fields, each with its label', () => {
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      const control = field(label);
      expectShown(control, `the ${label} field`);
      expect(control.hasAttribute('required'), `${label} is required`).toBe(true);
      const own = one(labelsOf(control), `label of the ${label} field`);
      expect(textOf(own)).toBe(label);
      expectShown(own, `the label ${label}`);
    }
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(field('Message').localName).toBe('textarea');
    expect(field('Message').getAttribute('rows')).toBe('5');
  });
});

describe('contact details', () => {
  it('shows blocks for email, phone and address', () => {
    for (const heading of ['Email', 'Phone', 'Address']) {
      const h = one(byRole(main(), 'heading', { name: heading, exact: true }), `${heading} block`);
      expectShown(h, `the ${heading} heading`);
    }
    expect(one(byRole(main(), 'link', { name: /@/ }), 'email link').getAttribute('href')).toMatch(
      /^mailto:\S+@\S+$/,
    );
    expect(
      one(byRole(main(), 'link', { name: /^\+?[\d ()-]+$/ }), 'phone link').getAttribute('href'),
    ).toMatch(/^tel:/);
  });
});
