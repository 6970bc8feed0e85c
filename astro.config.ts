import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, fontProviders } from 'astro/config';
import { cspDirectives } from './config/csp';
import { noticeCapture } from './config/notice-capture';
import { sonnerStaticStyles } from './config/sonner-styles';

// One publishing instant per build: every page, feed and check agrees on what is scheduled.
process.env['PUBLISH_NOW'] ??= new Date().toISOString();

const fontFile = (pkg: string, file: string) =>
  `./node_modules/@fontsource-variable/${pkg}/files/${file}`;

// https://astro.build/config
export default defineConfig({
  site: process.env['SITE_URL'] ?? 'https://deliciousbites.com',
  integrations: [
    noticeCapture(),
    mdx(),
    react(),
    sitemap({ filter: (page) => !page.endsWith('/404/') }),
  ],
  // Self-hosted from the @fontsource packages. "optional" never swaps fonts after first paint,
  // so text cannot shift; the preloaded files are almost always there in time.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      display: 'optional',
      fallbacks: ['ui-sans-serif', 'system-ui', 'sans-serif'],
      options: {
        variants: [
          {
            src: [fontFile('inter', 'inter-latin-wght-normal.woff2')],
            weight: '100 900',
            style: 'normal',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      display: 'optional',
      fallbacks: ['ui-serif', 'Georgia', 'serif'],
      options: {
        variants: [
          {
            src: [fontFile('fraunces', 'fraunces-latin-wght-normal.woff2')],
            weight: '100 900',
            style: 'normal',
          },
          {
            src: [fontFile('fraunces', 'fraunces-latin-wght-italic.woff2')],
            weight: '100 900',
            style: 'italic',
          },
        ],
      },
    },
  ],
  // One small stylesheet, inlined: no render-blocking request before the first paint.
  build: { inlineStylesheets: 'always' },
  // No code blocks need colour, and Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    csp: { directives: [...cspDirectives] },
  },
  vite: {
    plugins: [tailwindcss(), sonnerStaticStyles()],
  },
});
