/**
 * The markup every built page is served with. The browser tests check what scripts add to it
 * (tests/e2e/robustness.spec.ts › content security policy).
 */
import { describe, expect, it } from 'vitest';
import { builtPages, page } from './built';

describe('markup', () => {
  it.each(builtPages)('%s has no inline on* event handler attributes', (path) => {
    const handlers = [...page(path).querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((a) => `<${element.localName} ${a.name}="${a.value.slice(0, 60)}">`),
    );
    expect(handlers).toEqual([]);
  });
});
