/** What the benchmarks (and the engine scripts) share: the median of runs, and polling a server. */
import { setTimeout as sleep } from 'node:timers/promises';

/** The middle value (the upper one of an even count); `values` is left as it was. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The body of `url` when it answers 200, or undefined (an error status, or nothing listening). */
export async function fetchText(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `probe` every `everyMs` until it returns a value, and returns that; undefined once
 * `timeoutMs` has passed, or as soon as `going()` says the thing waited for has gone (a process
 * that exited).
 */
export async function poll<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs, everyMs = 50, going = () => true }: PollOptions,
): Promise<T | undefined> {
  for (const deadline = performance.now() + timeoutMs; performance.now() < deadline;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (!going()) return undefined;
    await sleep(everyMs);
  }
  return undefined;
}

export type PollOptions = { timeoutMs: number; everyMs?: number; going?: () => boolean };
