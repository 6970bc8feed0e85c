#!/usr/bin/env node
// Summarises a V8 .cpuprofile (e.g. from `npm run bench:scale -- N --cpu-prof`): self time by
// package and by function, so a slow build points at the code to blame.
//   node scripts/bench/profile-summary.mjs .bench/scale-1000/cpu-prof/<file>.cpuprofile [top]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg) || 25;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const totalUs = [...self.values()].reduce((a, b) => a + b, 0);

/** "node_modules/@mdx-js/mdx/…" → "@mdx-js/mdx"; Astro's own files → "astro/<area>". */
function pkgOf(url) {
  if (!url) return '(native / V8)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/)?([^/]+)?/);
  if (!m)
    return url.startsWith('node:')
      ? 'node core'
      : url
          .replace(/^file:\/\//, '')
          .split('/')
          .slice(-2)
          .join('/');
  return m[1] === 'astro' ? `astro/${m[2] ?? ''}` : m[1];
}

const byPkg = new Map();
const byFn = new Map();
for (const [id, us] of self) {
  const node = byId.get(id);
  const cf = node.callFrame;
  const special = ['(idle)', '(program)', '(garbage collector)', '(root)'].includes(
    cf.functionName,
  );
  const pkg = special ? cf.functionName : pkgOf(cf.url);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
  const fn = `${cf.functionName || '(anonymous)'}  ${pkg}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
}

const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${k}`,
    );
  }
};
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled on the main thread`);
show('Self time by package', byPkg);
show('Self time by function', byFn);
