/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/content/**/*.test.ts'],
    reporters: process.env['CI']
      ? ['default', ['json', { outputFile: 'reports/vitest.json' }]]
      : ['default'],
  },
});
