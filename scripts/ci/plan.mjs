// @ts-check
/**
 * Prints scripts/ci/machine.mjs's plan for this machine: `node scripts/ci/plan.mjs` for a reader,
 * `--shell` for .ci/run to eval: its arrays packages and install, and an export of each path found.
 */
import { planMachine, readMachine } from './machine.mjs';

const plan = planMachine(readMachine());

/** @param {string} text */
const quoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

if (process.argv.includes('--shell')) {
  for (const list of /** @type {const} */ (['packages', 'install'])) {
    console.log(`${list}=(${plan[list].map(quoted).join(' ')})`);
  }
  for (const { env, found, path } of Object.values(plan.programs)) {
    if (env && found) console.log(`export ${env}=${quoted(path)}`);
  }
} else {
  console.log(plan.machine);
  for (const { name, found, path } of Object.values(plan.programs)) {
    console.log(`  ${name.padEnd(16)} ${found ? path : 'missing'}`);
  }
  for (const problem of plan.problems) console.log(problem);
}
