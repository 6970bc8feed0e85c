import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtFile, builtPages, dist } from './built';

/**
 * Every built page passes the W3C Nu Html Checker's HTML rules (the `vnu-jar` package, which
 * needs Java): it reports no error.
 *
 * Its CSS messages are left out: the checker's CSS grammar predates what Tailwind 4 writes
 * (`color-mix()` in oklab, `@property`, `margin-trim`) and calls valid modern CSS an error. So are
 * its warnings, which are advice rather than rules; they include a false alarm that the inline
 * scripts break the content security policy, which allows them by hash (the browser tests in
 * tests/e2e/robustness.spec.ts check the real policy).
 */

const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const pages = builtPages.map((path) => builtFile(path)!);

type Message = { url: string; lastLine?: number; message: string };

/** The checker's HTML errors, by page. */
function check(): Map<string, string[]> {
  const run = (): string => {
    try {
      return execFileSync(
        'java',
        ['-jar', vnu, '--errors-only', '--format', 'json', '--stdout', ...pages],
        { encoding: 'utf8', maxBuffer: 1 << 26 },
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

describe('HTML validity', () => {
  let reports = new Map<string, string[]>();
  // Java starts once for every page; on a busy 2-core machine that takes a while.
  beforeAll(() => {
    reports = check();
  }, 120_000);

  it.each(pages.map((page) => [relative(dist, page), page]))(
    '%s passes the Nu Html Checker',
    (_, page) => {
      expect(reports.get(page), 'messages from the checker').toEqual([]);
    },
  );
});
