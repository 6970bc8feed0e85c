/**
 * `npm run screenshots:engines`: every route, full page, at 375 and 1280 px, in WebKit, Firefox
 * and Chromium, into screenshots/engines/ (git-ignored), to look at side by side. The site is the
 * production build (npm run build first), offline but for itself, so every photo shows its
 * placeholder. ENGINES picks engines ("webkit,firefox"); ENGINES_PORT moves the ports (4810).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../../tests/spec.ts';
import { projectRoot } from '../lib/scratch-project.ts';
import { serveStatic } from '../lib/static-host.ts';
import { ENGINE_NAMES, launch, missingPrograms, selectedEngines } from './engines.ts';

const WIDTHS = [375, 1280];
/** A virtual screen tall enough for WebKit's window to hold the longest page at 375 px. */
const SCREEN_HEIGHT = 16_384;

/**
 * In the page: scrolls through it so that lazy photos load (or fail), waits for fonts, photos and
 * finite animations, and reports what a look at the screenshot should confirm.
 */
async function settle() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  await document.fonts.ready;
  const photos = [...document.images];
  await Promise.all(photos.map((photo) => photo.decode().catch(() => undefined)));
  const finite = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  await frame();
  await frame();
  const failed = photos.filter((photo) => photo.complete && photo.naturalWidth === 0);
  return {
    height: document.documentElement.scrollHeight,
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    photos: photos.length,
    failed: failed.length,
    /** Failed photos that photo-fallback.ts did not mark: these would show the engine's icon. */
    unmarked: failed.filter((photo) => !photo.hasAttribute('data-broken')).length,
  };
}

const dist = join(projectRoot, 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  throw new Error(`No production build in ${dist}: run \`npm run build\` first.`);
}
const out = join(projectRoot, 'screenshots/engines');
mkdirSync(out, { recursive: true });
const port = Number(process.env['ENGINES_PORT'] || 4810);
const site = await serveStatic(dist, { port });

try {
  for (const engine of selectedEngines(['webkit', 'firefox', 'chromium'])) {
    const missing = missingPrograms(engine);
    if (missing.length) {
      console.warn(`${ENGINE_NAMES[engine]} skipped. ${missing.join(' ')}`);
      continue;
    }
    const browser = await launch(engine, {
      site: site.url,
      port: port + 1,
      screenHeight: SCREEN_HEIGHT,
    });
    try {
      // The fonts are font-display: optional, so a page draws them only once they are cached.
      await browser.open(site.url, { width: 1280, height: 800 });
      await browser.evaluate(settle);
      for (const width of WIDTHS) {
        for (const { path } of routes) {
          await browser.open(new URL(path, site.url).href, { width, height: 800 });
          const page = await browser.evaluate(settle);
          const file = join(out, `${engine}-${path.slice(1) || 'home'}-${width}.png`);
          writeFileSync(file, await browser.screenshot({ fullPage: true }));
          console.log(
            `${file}: ${page.height} px tall, ${page.failed} of ${page.photos} photos offline` +
              (page.unmarked ? `, ${page.unmarked} NOT MARKED as broken` : '') +
              (page.sideways > 0 ? `, scrolls sideways by ${page.sideways} px` : ''),
          );
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  site.close();
}
