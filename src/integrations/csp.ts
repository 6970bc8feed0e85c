/**
 * Where the site may load things from, beyond the scripts and styles Astro hashes itself.
 * frame-ancestors cannot be set from a <meta> tag; public/_headers sets it.
 */
export const cspDirectives = [
  "default-src 'self'",
  "img-src 'self' https://images.unsplash.com data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
] as const;
