/**
 * `npm test`: every check of the project, each an npm script, in stages. The scripts of a stage
 * (joined by commas) run side by side, each printing its output whole when it ends; the stages
 * run one after another, and the first that fails ends the run, as `&&` would. Each script's
 * time and exit status go to reports/steps.json, which `npm run test:report` reads.
 *
 *   node scripts/test.ts check,lint,format:check test:unit build …
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One npm script as it ran: how long, and how it ended. */
export type Step = { script: string; ms: number; status: number };

/** Runs `npm run <script>`; with `alone` false its output is held and printed when it ends. */
function run(script: string, alone: boolean): Promise<Step> {
  const started = performance.now();
  const child = spawn('npm', ['run', script], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) =>
    child.on('close', (code) => {
      process.stdout.write(output);
      done({ script, ms: Math.round(performance.now() - started), status: code ?? 1 });
    }),
  );
}

const stages = process.argv.slice(2).map((stage) => stage.split(','));
const steps: Step[] = [];
const reports = join(process.cwd(), 'reports');
mkdirSync(reports, { recursive: true });
for (const stage of stages) {
  steps.push(...(await Promise.all(stage.map((script) => run(script, stage.length === 1)))));
  writeFileSync(join(reports, 'steps.json'), `${JSON.stringify(steps, null, 2)}\n`);
  const failed = steps.filter(({ status }) => status !== 0);
  if (failed.length) {
    console.error(`\nnpm test: ${failed.map(({ script }) => script).join(', ')} failed.`);
    process.exit(1);
  }
}
