import lighthouse from 'lighthouse';
import { launchHeadless } from './headless.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthouseRun = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's reading of this machine's CPU speed during the run; it varies between runs. */
  benchmarkIndex: number;
  /** Scored audits below 1, e.g. "largest-contentful-paint (1.6 s)". */
  misses: string[];
};

/** One Lighthouse run with its default mobile settings (simulated slow 4G, 4× CPU slowdown). */
export async function runLighthouse(url: string, chromeFlags: string[]): Promise<LighthouseRun> {
  const chrome = await launchHeadless(chromeFlags);
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: [...CATEGORIES] });
    const lhr = result!.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]!;
    const scored = CATEGORIES.flatMap((c) =>
      lhr.categories[c]!.auditRefs.map((ref) => audit(ref.id)),
    );
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]!.score ?? 0) * 100)]),
      ) as LighthouseRun['scores'],
      lcpMs: audit('largest-contentful-paint').numericValue ?? NaN,
      tbtMs: audit('total-blocking-time').numericValue ?? NaN,
      cls: audit('cumulative-layout-shift').numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      misses: [
        ...new Set(
          scored
            .filter((a) => a.scoreDisplayMode !== 'informative' && a.score !== null && a.score < 1)
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
        ),
      ],
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run measured nothing. */
const ATTEMPTS = 3;

async function runLighthouseRetrying(url: string, chromeFlags: string[]): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, chromeFlags);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.warn(`bench: ${(error as Error).message}; trying again`);
    }
  }
}

export type LighthouseSeries = {
  /** The run with the median performance score. */
  median: LighthouseRun;
  /** Every run, from the lowest performance score up. */
  runs: LighthouseRun[];
};

/** Runs Lighthouse `times` times on `url`. */
export async function lighthouseSeries(
  url: string,
  chromeFlags: string[],
  times: number,
): Promise<LighthouseSeries> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < times; i += 1) runs.push(await runLighthouseRetrying(url, chromeFlags));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return { median: runs[Math.floor(runs.length / 2)]!, runs };
}
