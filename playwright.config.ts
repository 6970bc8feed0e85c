import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

const isCI = !!process.env['CI'];
// Not Astro's usual 4321, so a running dev server is never mistaken for the production build.
const port = Number(process.env['E2E_PORT'] ?? 4399);
const executablePath = chromiumPath();
// The suite never leaves the machine: every host but the preview server fails to resolve at once,
// as the stock photos do offline. A slow resolver can then add no seconds to a page load, and no
// result depends on the network.
const OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
// The early taps (tests/e2e/early-taps.spec.ts) slow the CPU 4×, which Chromium does by keeping the
// page's renderer busy-waiting: each such test holds most of a core for its whole run. They are a
// project of their own, one at a time, so they run beside the other tests rather than after them.
const EARLY_TAP_WORKERS = 1;
const WORKERS = 2;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  // A test that fails once fails the run: no retries, so a flaky test cannot pass unnoticed.
  retries: 0,
  workers: WORKERS + EARLY_TAP_WORKERS,
  reporter: isCI
    ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace: tracing every test costs more than a tenth of the suite's time.
    // `npx playwright test --trace on` records one for a single run.
    trace: 'off',
    launchOptions: { args: [...CHROMIUM_ARGS, OFFLINE], ...(executablePath && { executablePath }) },
  },
  projects: [
    {
      name: 'early taps',
      testMatch: 'early-taps.spec.ts',
      workers: EARLY_TAP_WORKERS,
      use: desktop,
    },
    {
      name: 'chromium',
      testIgnore: 'early-taps.spec.ts',
      workers: WORKERS,
      use: desktop,
    },
  ],
  // The production build, served as a static host would serve it.
  webServer: {
    command: `npm run preview -- --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !isCI,
    timeout: 60_000,
  },
});
