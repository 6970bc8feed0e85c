import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, inject, test, type ExpectStatic } from 'vitest';
import {
  ENGINE_NAMES,
  launch,
  missingPrograms,
  type Browser,
  type Engine,
} from '../../scripts/engines/engines.ts';
import { Visitor } from './visitor.ts';

/** Where a failed test leaves a screenshot of the page as it failed. */
const FAILURES = join(import.meta.dirname, '../../test-results/engines');

/**
 * Declares a test of what a visitor does, as Vitest's `test` does. Its body gets the engine's
 * page and the test's own `expect`: engines run side by side, so Vitest's global `expect` cannot
 * tell their tests apart.
 */
export type VisitorTest = (
  name: string,
  body: (page: Visitor, expect: ExpectStatic) => Promise<void>,
) => void;

/**
 * The tests of one engine, with its browser started before them and closed after them, whatever
 * they do. An engine that is not installed is skipped, with the reason in its name; in CI
 * (CI=true) it fails instead, so that a run never passes without it.
 */
export function describeEngine(engine: Engine, scenarios: (test: VisitorTest) => void): void {
  const engineName = ENGINE_NAMES[engine];
  const missing = missingPrograms(engine);
  if (missing.length && process.env['CI']) {
    test(`${engineName} is installed`, () => {
      throw new Error(missing.join(' '));
    });
  }
  const title = missing.length ? `${engineName} (skipped) ${missing.join(' ')}` : engineName;

  // The engines run side by side, each in a concurrent suite of its own; each runs its tests one
  // at a time, since they share the engine's one page.
  describe('', { concurrent: true }, () => {
    describe.skipIf(missing.length > 0)(title, { concurrent: false }, () => {
      let browser: Browser | undefined;
      let visitor: Visitor | undefined;

      beforeAll(async () => {
        const site = inject('site');
        // The site listens on ENGINES_PORT; the engine on the two ports after it.
        browser = await launch(engine, { site, port: Number(new URL(site).port) + 1 });
        visitor = new Visitor(browser, site);
      });

      afterAll(() => browser?.close());

      beforeEach(({ task, onTestFailed }) => {
        onTestFailed(async () => {
          if (!browser) return;
          await mkdir(FAILURES, { recursive: true });
          const file = `${engine}-${task.name.replace(/[^\w]+/g, '-')}.png`;
          await writeFile(join(FAILURES, file), await browser.screenshot({ fullPage: false }));
        });
      });

      scenarios((name, body) =>
        test(name, ({ expect }) => {
          if (!visitor) throw new Error(`${engineName} did not start`);
          return body(visitor, expect);
        }),
      );
    });
  });
}
