// Screenshots of every route at phone, tablet and desktop widths, for looking at what visitors see.
// Usage: npm run preview & node scripts/screenshots.mjs [baseURL] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4321';
const out = process.argv[3] ?? 'screenshots';
const routes = ['/', '/recipes', '/blog', '/about', '/contact', '/404'];
const widths = [375, 768, 1280];
const height = 900;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height } });
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    const name = `${out}/${route === '/' ? 'home' : route.slice(1)}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(`${name}${overflow > 0 ? `  (scrolls sideways by ${overflow}px)` : ''}`);
  }
  await page.close();
}
await browser.close();
