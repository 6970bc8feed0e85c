import type { Page } from '@playwright/test';
import {
  expect,
  expectNoToast,
  expectToast,
  SENT_DESCRIPTION,
  SENT_TITLE,
  test,
  validity,
} from './helpers';

// By accessible name: getByLabel would match the label's text content, which for a React
// textarea also holds the typed text.
const field = (page: Page, label: string) =>
  page.getByRole('main').getByRole('textbox', { name: label, exact: true });
const fields = (page: Page) => ({
  name: field(page, 'Name'),
  email: field(page, 'Email'),
  subject: field(page, 'Subject'),
  message: field(page, 'Message'),
});
const send = (page: Page) => page.getByRole('main').getByRole('button', { name: /send/i });

type Form = ReturnType<typeof fields>;
type Values = Partial<Record<keyof Form, string>>;

/** A message that passes validation. */
const validMessage = {
  name: 'Ada Cook',
  email: 'ada@example.com',
  subject: 'Sourdough',
  message: 'My starter will not rise.',
} as const;

/** Types `values` into the form; fields left out stay empty. */
async function fill(form: Form, values: Values) {
  for (const [key, value] of Object.entries(values)) await form[key as keyof Form].fill(value);
}

/** Every field still holds what was typed into it. */
async function expectKept(form: Form, values: Values) {
  for (const [key, value] of Object.entries(values)) {
    await expect(form[key as keyof Form], key).toHaveValue(value);
  }
}

test.describe('contact form', () => {
  test('shows the name, email, subject and message fields with visible labels', async ({
    visit,
  }) => {
    const page = await visit('/contact');
    for (const [label, control] of Object.entries(fields(page))) {
      await expect(control, label).toBeVisible();
      // The field's own label (tests/site/contact.test.ts checks its text and the constraints).
      const id = await control.getAttribute('id');
      await expect(page.locator(`label[for="${id}"]`), label).toBeVisible();
    }
  });

  test('an empty submit is blocked and shows no toast', async ({ visit }) => {
    const page = await visit('/contact');
    const f = fields(page);
    await send(page).click();
    expect(await validity(f.name)).toMatchObject({ valid: false, valueMissing: true });
    await expectNoToast(page);
    await expect(page).toHaveURL(/\/contact\/?$/);
  });

  test('a submit with a malformed email is blocked and keeps everything typed', async ({
    visit,
  }) => {
    const page = await visit('/contact');
    const f = fields(page);
    const typed = { ...validMessage, email: 'ada-at-example' };
    await fill(f, typed);
    await send(page).click();
    expect(await validity(f.email)).toMatchObject({ valid: false, typeMismatch: true });
    await expectNoToast(page);
    await expectKept(f, typed);
    await expect(page).toHaveURL(/\/contact\/?$/);
  });

  test('a submit with one field missing is blocked and keeps the others', async ({ visit }) => {
    const page = await visit('/contact');
    const f = fields(page);
    const typed = { name: 'Ada Cook', email: 'ada@example.com', message: 'Hello!' };
    await fill(f, typed);
    await send(page).click();
    expect(await validity(f.subject)).toMatchObject({ valid: false, valueMissing: true });
    await expectNoToast(page);
    await expectKept(f, typed);
  });

  test('a valid submit shows "Message Sent (Simulation)" with its description', async ({
    visit,
  }) => {
    const page = await visit('/contact');
    const f = fields(page);
    await fill(f, validMessage);
    await send(page).click();
    await expectToast(page, SENT_TITLE, SENT_DESCRIPTION);
    await expect(page).toHaveURL(/\/contact\/?$/);
  });

  test('clears all four fields after a successful submit', async ({ visit }) => {
    const page = await visit('/contact');
    const f = fields(page);
    await fill(f, validMessage);
    await send(page).click();
    await expectToast(page, SENT_TITLE, SENT_DESCRIPTION);
    for (const control of Object.values(f)) await expect(control).toHaveValue('');
    await expect(page).toHaveURL(/\/contact\/?$/);
  });
});
