// The one place that says which Chromium the tests, benchmarks and screenshots launch, and how.

/** Debian's Chromium by default. CHROMIUM_PATH overrides it; "bundled" means Playwright's own. */
export function chromiumPath() {
  const setting = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  return setting === 'bundled' ? undefined : setting;
}

/** Flags for a sandboxed, offline machine: no GPU, no background network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
