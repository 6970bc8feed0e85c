import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, fontProviders } from 'astro/config';
import { cspDirectives } from './src/integrations/csp';
import { noticeCapture } from './src/integrations/notices';
import { photoFallback } from './src/integrations/photo-fallback';
import { contentRefresh } from './src/integrations/content-refresh';
import { editor } from './src/editor';
import { markdownFeatures } from './src/lib/markdown';

// One publishing instant per run of Astro (a build, astro dev, a check): every page, feed and
// check agrees on what is scheduled. A dev server keeps the instant it started with.
process.env['PUBLISH_NOW'] ??= new Date().toISOString();

// Cut down from @fontsource to one bold instance and the characters the site sets (`npm run fonts`).
const fontFile = (file: string) => `./src/assets/fonts/${file}`;

// https://astro.build/config
export default defineConfig({
  site: process.env['SITE_URL'] ?? 'https://deliciousbites.com',
  integrations: [
    contentRefresh(),
    noticeCapture(),
    photoFallback(),
    mdx(),
    react(),
    sitemap({ filter: (page) => !page.endsWith('/404/') }),
    // The web editor at /admin/, for writers without git (docs/EDITOR.md).
    editor({
      repo: process.env['EDITOR_GITHUB_REPO'],
      branch: process.env['EDITOR_GITHUB_BRANCH'],
      authUrl: process.env['EDITOR_AUTH_URL'],
      localPort: Number(process.env['EDITOR_LOCAL_PORT'] ?? 8081),
    }),
  ],
  // Only the display face is a web font; body text is the system's (src/styles/global.css).
  // Self-hosted. "optional" never swaps fonts after first paint, so text cannot shift; the
  // preloaded file is almost always there in time.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      display: 'optional',
      fallbacks: ['ui-serif', 'Georgia', 'serif'],
      options: {
        variants: [
          {
            src: [fontFile('fraunces-text-700.woff2')],
            weight: '700',
            style: 'normal',
          },
          {
            src: [fontFile('fraunces-italic-ascii-700.woff2')],
            weight: '700',
            style: 'italic',
          },
        ],
      },
    },
  ],
  // One small stylesheet, inlined: no render-blocking request before the first paint.
  build: { inlineStylesheets: 'always' },
  // No code blocks need colour, and Shiki's inline styles would break the CSP.
  markdown: { processor: satteri({ features: markdownFeatures }), syntaxHighlight: false },
  security: {
    csp: { directives: [...cspDirectives] },
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
