/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    reporters: process.env['CI']
      ? ['default', ['json', { outputFile: 'reports/vitest.json' }]]
      : ['default'],
    projects: [
      // Fast tests of the code, with content mocked or written to temporary folders.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      // Slow tests that run the real Astro CLI on scratch copies of the project.
      { extends: true, test: { name: 'content', include: ['tests/content/**/*.test.ts'] } },
    ],
  },
});
