// The one place that says which Chromium the tests, benchmarks and screenshots launch, and how.
import { planMachine, readMachine } from './ci/machine.mjs';

/**
 * CHROMIUM_PATH, or the Chromium the machine has as scripts/ci/machine.mjs finds it (Debian's,
 * or Google Chrome where that is what there is); undefined for "bundled", Playwright's own.
 */
export function chromiumPath() {
  const { path } = planMachine(readMachine()).programs.chromium;
  return path === 'bundled' ? undefined : path;
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
