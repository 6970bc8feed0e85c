import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { expect, test } from './helpers';

/**
 * Every built page passes the W3C Nu Html Checker's HTML rules (the `vnu-jar` package, which
 * needs Java): it reports no error.
 *
 * Its CSS messages are left out: the checker's CSS grammar predates what Tailwind 4 writes
 * (`color-mix()` in oklab, `@property`, `margin-trim`) and calls valid modern CSS an error. So are
 * its warnings, which are advice rather than rules; they include a false alarm that the inline
 * scripts break the content security policy, which allows them by hash (the browser tests in
 * robustness.spec.ts check the real policy).
 */

const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const dist = join(import.meta.dirname, '../../dist');
const pages = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => join(entry.parentPath, entry.name));

type Message = { url: string; lastLine?: number; message: string };

/** The checker's HTML errors, by page. */
function check(): Map<string, string[]> {
  const run = (): string => {
    try {
      return execFileSync(
        'java',
        ['-jar', vnu, '--errors-only', '--format', 'json', '--stdout', ...pages],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 26,
        },
      );
    } catch (error) {
      // The checker exits with 1 when it has anything to say; its report is still on stdout.
      const { stdout } = error as { stdout?: string };
      if (stdout) return stdout;
      throw error;
    }
  };
  const { messages } = JSON.parse(run()) as { messages: Message[] };
  const byPage = new Map(pages.map((page) => [page, [] as string[]]));
  for (const { url, lastLine, message } of messages) {
    if (message.startsWith('CSS:')) continue;
    const page = decodeURIComponent(new URL(url).pathname);
    byPage.get(page)?.push(`line ${lastLine}: ${message}`);
  }
  return byPage;
}

test.describe('HTML validity', () => {
  let reports = new Map<string, string[]>();
  test.beforeAll(() => {
    reports = check();
  });

  for (const page of pages) {
    test(`${relative(dist, page)} passes the Nu Html Checker`, () => {
      expect(reports.get(page), 'messages from the checker').toEqual([]);
    });
  }
});
