// Small helpers shared by the bench scripts. No dependencies beyond Node.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (two levels above scripts/bench). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Scratch space for everything the bench produces besides docs (gitignored). */
export const BENCH_DIR = join(ROOT, '.bench');

/** Path of the astro CLI entry inside a node_modules folder. */
export function astroBin(root = ROOT) {
  return join(root, 'node_modules/astro/bin/astro.mjs');
}

/** Node 24 when run through npm (the `node` devDependency), else whatever runs this script. */
export function nodeBin() {
  const local = join(ROOT, 'node_modules/.bin/node');
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  return existsSync(local) ? local : process.execPath;
}

/** PATH with the project's node_modules/.bin (and so Node 24) first. */
export function childEnv(extra = {}) {
  const bin = join(ROOT, 'node_modules/.bin');
  return {
    ...process.env,
    PATH: `${dirname(nodeBin())}:${bin}:${process.env.PATH ?? ''}`,
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    ...extra,
  };
}

/**
 * Runs a command; resolves with { code, ms, stdout, stderr } (output kept when `capture`),
 * streaming to the parent's stdio when `echo`.
 */
export function run(
  cmd,
  args,
  { cwd = ROOT, env = childEnv(), echo = false, capture = true } = {},
) {
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      if (capture) stdout += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      if (capture) stderr += d;
      if (echo) process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      resolvePromise({ code: code ?? (signal ? 128 : 1), signal, ms, stdout, stderr });
    });
  });
}

/** Strips ANSI colour codes from tool output. */
export const stripAnsi = (s) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

/** A short description of this machine for reports. */
export function machine() {
  const list = cpus();
  return {
    cores: list.length,
    cpu: list[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Version of an installed package, or '?'. */
export function pkgVersion(name, root = ROOT) {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'))
      .version;
  } catch {
    return '?';
  }
}

/** Formats a number of bytes as KB (1 KB = 1024 bytes) with one decimal. */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Renders a Markdown table. */
export function mdTable(headers, rows, align = []) {
  const sep = headers.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(sep), ...rows.map(line)].join('\n');
}

/** Renders a plain-text table for the terminal. */
export function textTable(headers, rows) {
  const all = [headers, ...rows].map((r) => r.map(String));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const fmt = (r) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(fmt)].join(
    '\n',
  );
}

/** 1-minute load average, rounded (on this VM it also counts idle waits: see cpuBusy). */
export const load1 = () => Math.round(loadavg()[0] * 100) / 100;

/** Busy and total CPU time of all cores so far, in seconds. */
export function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busyS: busy / 1000, totalS: total / 1000 };
}

/** Share of all cores busy over the next `ms` milliseconds, 0–100. */
export async function cpuBusy(ms = 2000) {
  const snap = () =>
    cpus().reduce(
      (acc, c) => {
        const t = c.times;
        acc.idle += t.idle;
        acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
        return acc;
      },
      { idle: 0, total: 0 },
    );
  const a = snap();
  await new Promise((r) => setTimeout(r, ms));
  const b = snap();
  const total = b.total - a.total;
  return total > 0 ? Math.round((100 * (total - (b.idle - a.idle))) / total) : 0;
}

/**
 * Waits (up to `maxS` seconds) until the CPUs are mostly idle (other builds or browsers share
 * the two cores), sampling 2 s at a time. Returns the last busy percentage. The load average
 * is no guide here: on this VM it stays high while the CPUs idle.
 */
export async function waitForQuiet({ belowPercent = 20, maxS = 180, label = 'bench' } = {}) {
  const until = Date.now() + maxS * 1000;
  let busy = await cpuBusy();
  let said = false;
  while (busy >= belowPercent && Date.now() < until) {
    if (!said) {
      console.log(`${label}: CPUs ${busy}% busy; waiting up to ${maxS}s for them to go quiet…`);
      said = true;
    }
    busy = await cpuBusy();
  }
  if (busy >= belowPercent)
    console.log(`${label}: WARNING: CPUs still ${busy}% busy; timings will be noisy`);
  return busy;
}
