// Runs Lighthouse (mobile, its default config) against a URL with Debian's Chromium, launched by
// chrome-launcher with the project's sandbox-friendly flags plus any extras.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from './measure.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const NOT_SCORED = new Set(['informative', 'notApplicable', 'manual', 'error']);

/**
 * @param {string} url
 * @param {{ flags?: string[] }} [options]
 * @returns {Promise<{ lhr: any, html: string }>}
 */
export async function runLighthouse(url, { flags = [] } = {}) {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new', ...flags],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const html = Array.isArray(result.report) ? result.report[0] : result.report;
    return { lhr: result.lhr, html };
  } finally {
    chrome.kill();
  }
}

/** The LCP element's HTML snippet, if Lighthouse reports it. */
function lcpElement(lhr) {
  for (const id of ['largest-contentful-paint-element', 'lcp-breakdown-insight']) {
    const stack = [lhr.audits[id]?.details];
    while (stack.length) {
      const d = stack.pop();
      if (!d || typeof d !== 'object') continue;
      if (d.type === 'node' && d.snippet) return d.snippet;
      for (const v of Object.values(d)) if (v && typeof v === 'object') stack.push(v);
    }
  }
  return undefined;
}

const shortUrl = (u) => {
  try {
    const url = new URL(u);
    return url.hostname === '127.0.0.1' ? url.pathname : `${url.hostname}${url.pathname}`;
  } catch {
    return String(u);
  }
};

/** One line of evidence from an audit's details: what exactly failed. */
export function detailOf(audit) {
  const d = audit.details;
  if (!d) return '';
  const items = d.items ?? [];
  if (audit.id === 'lcp-discovery-insight') {
    const checks = items.find((i) => i.type === 'checklist')?.items ?? items[0] ?? {};
    return Object.values(checks)
      .filter((c) => c && c.value === false)
      .map((c) => c.label)
      .join('; ');
  }
  if (audit.id === 'network-dependency-tree-insight') {
    const chain = [];
    let node = Object.values(items[0]?.value?.chains ?? {})[0];
    while (node) {
      chain.push(shortUrl(node.url));
      node =
        Object.values(node.children ?? {}).find((c) => c.isLongest) ??
        Object.values(node.children ?? {})[0];
    }
    return chain.length ? `longest chain: ${chain.join(' → ')}` : '';
  }
  if (audit.id === 'errors-in-console') {
    const first = items[0];
    return first
      ? `${items.length} × e.g. "${first.description}" (${shortUrl(first.sourceLocation?.url ?? '')})`
      : '';
  }
  const reasons = new Set();
  const urls = [];
  for (const it of items) {
    for (const sub of it.subItems?.items ?? []) if (sub.reason) reasons.add(sub.reason);
    if (it.url) urls.push(shortUrl(it.url));
  }
  const parts = [];
  if (reasons.size) parts.push([...reasons].join(' '));
  if (urls.length)
    parts.push(
      `${urls.slice(0, 3).join(', ')}${urls.length > 3 ? ` (+${urls.length - 3} more)` : ''}`,
    );
  return parts.join(' — ');
}

/** Scores, metrics and the audits that did not pass, from a Lighthouse result. */
export function summarize(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100),
    ]),
  );
  const metric = (id) => lhr.audits[id]?.numericValue;
  const failed = [];
  const seen = new Set();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || seen.has(a.id)) continue;
      if (typeof a.score !== 'number' || a.score >= 1 || NOT_SCORED.has(a.scoreDisplayMode))
        continue;
      seen.add(a.id);
      failed.push({
        category: c,
        id: a.id,
        title: a.title,
        score: a.score,
        displayValue: a.displayValue ?? '',
        weight: ref.weight ?? 0,
        group: ref.group ?? '',
        detail: detailOf(a),
      });
    }
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    scores,
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    siMs: metric('speed-index'),
    requests: requests.length,
    photoRequests: requests.filter((r) => /images\.unsplash\.com/.test(r.url)).length,
    photoBytes: requests
      .filter((r) => /images\.unsplash\.com/.test(r.url))
      .reduce((s, r) => s + (r.transferSize ?? 0), 0),
    lcpElement: lcpElement(lhr),
    failed,
    warnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
  };
}
