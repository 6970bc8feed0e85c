import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * sonner injects its stylesheet as a <style> element at runtime, which a strict CSP blocks
 * unless the policy lists that element's hash. The hash is computed from the installed sonner,
 * so upgrading the library cannot silently break the toasts.
 */
export function sonnerStyleHash(): `sha256-${string}` {
  const entry = createRequire(import.meta.url).resolve('sonner');
  const source = readFileSync(entry.replace(/index\.js$/, 'index.mjs'), 'utf8');
  const match = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!match?.[1]) throw new Error('config/csp.ts: could not find the stylesheet sonner injects');
  const css: string = JSON.parse(match[1]);
  return `sha256-${createHash('sha256').update(css).digest('base64')}`;
}

/** Where the site may load things from, beyond the scripts and styles Astro hashes itself. */
export const cspDirectives = [
  "default-src 'self'",
  "img-src 'self' https://images.unsplash.com data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
] as const;
