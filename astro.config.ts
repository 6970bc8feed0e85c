import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { cspDirectives, sonnerStyleHash } from './config/csp';

// https://astro.build/config
export default defineConfig({
  site: process.env['SITE_URL'] ?? 'https://deliciousbites.com',
  integrations: [mdx(), react(), sitemap({ filter: (page) => !page.endsWith('/404/') })],
  // No code blocks need colour, and Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    csp: {
      directives: [...cspDirectives],
      styleDirective: { hashes: [sonnerStyleHash()] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
