import { defineConfig, devices } from '@playwright/test';

const isCI = !!process.env['CI'];
// Not Astro's usual 4321, so a running dev server is never mistaken for the production build.
const port = Number(process.env['E2E_PORT'] ?? 4399);

/**
 * Debian's Chromium by default. Set CHROMIUM_PATH to another binary (e.g. Chrome on macOS), or to
 * "bundled" to use the browser from `npx playwright install` where downloads are allowed.
 */
const chromiumSetting = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumPath = chromiumSetting === 'bundled' ? undefined : chromiumSetting;

/** Flags for a sandboxed, offline CI machine: no GPU, no background network chatter. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: isCI
    ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { args: chromiumArgs, ...(chromiumPath && { executablePath: chromiumPath }) },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
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
