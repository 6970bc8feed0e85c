/**
 * The programs each engine needs, as scripts/ci/machine.mjs finds them: the plan .ci/run installs
 * by, so a test runs what CI installed, and each path can still be set by its variable.
 */
import { planMachine, readMachine, type ProgramId } from '../ci/machine.mjs';
import type { Engine } from './browser.ts';

const NEEDS: Record<Engine, ProgramId[]> = {
  chromium: ['chromium'],
  firefox: ['firefox'],
  webkit: ['webkitDriver', 'miniBrowser', 'xvfbRun'],
};

/** The binary of a program; fails with what is missing and how to get it when it is not there. */
export function program(id: ProgramId): string {
  const { found, path, problem } = planMachine(readMachine()).programs[id];
  if (!found) throw new Error(problem);
  return path;
}

/** What an engine needs that is not installed, each as a sentence that says how to get it. */
export function missingPrograms(engine: Engine): string[] {
  const { programs } = planMachine(readMachine());
  return NEEDS[engine].flatMap((id) => programs[id].problem ?? []);
}
