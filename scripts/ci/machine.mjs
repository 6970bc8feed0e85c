// @ts-check
/**
 * Which programs the browser tests run, where this machine has them, and which apt package brings
 * each one it lacks: one plan for .ci/run, which installs by it before npm ci (so plain
 * JavaScript, no dependency, any Node), and for the engines at run time (scripts/engines/programs.ts,
 * scripts/chromium.mjs). `planMachine` decides from facts alone; `readMachine` reads them here.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';

/** @typedef {'chromium' | 'firefox' | 'webkitDriver' | 'miniBrowser' | 'xvfbRun' | 'java'} ProgramId */

/** @typedef {'debian' | 'ubuntu' | 'other'} Family */

/**
 * What the plan needs to know of a machine, as plain data and functions.
 * @typedef {object} Machine
 * @property {{ id: string, versionId: string, idLike: string[] }} os os-release's ID, VERSION_ID, ID_LIKE
 * @property {string} arch Node's name for the processor (`process.arch`): "x64", "arm64"
 * @property {Record<string, string | undefined>} env the variables that set a path, and PATH
 * @property {(path: string) => boolean} isExecutable a file this user may run
 * @property {(path: string) => boolean} isSnap a snap, or a script that runs one
 * @property {(name: string) => boolean} isAvailable an apt source here offers the package
 */

/**
 * One program, as this machine has it or lacks it.
 * @typedef {object} Program
 * @property {string} name as a sentence names it: "Firefox"
 * @property {string | undefined} env the variable that sets its path
 * @property {boolean} found
 * @property {string} path the binary: the one found, else its variable's value or where it would be
 * @property {string | undefined} package the apt package that brings it here, when it is missing
 * @property {string | undefined} problem when missing: what is missing and how to get it, in one sentence
 */

/**
 * @typedef {object} Plan
 * @property {string} machine "Debian 12, x64"
 * @property {Record<ProgramId, Program>} programs
 * @property {string[]} packages the packages of the missing programs, whether apt offers them or not
 * @property {string[]} install those apt offers: one `apt-get install` each, in this order
 * @property {string[]} problems one sentence per missing program
 */

/**
 * @typedef {object} Need
 * @property {string} name
 * @property {string} [env]
 * @property {string} binary what its variable should name
 * @property {string} product what to install where no package does
 * @property {(family: Family, triplet: string | undefined) => string[]} places commands to look
 *   for on PATH, or absolute paths, best first
 * @property {Partial<Record<Family, string>>} packages
 * @property {Partial<Record<Family, string>>} [noPackage] why there is none, and what to do instead
 * @property {Partial<Record<Family, string>>} [archive] how to get apt to offer the package
 */

/** @type {Record<ProgramId, Need>} */
const NEEDS = {
  chromium: {
    name: 'Chromium',
    env: 'CHROMIUM_PATH',
    binary: 'a Chromium or Chrome binary, or to bundled after npx playwright install chromium',
    product: 'Chromium or Google Chrome',
    // GitHub's Ubuntu image has a Chromium snapshot at /usr/bin/chromium beside Google Chrome,
    // the browser it documents and CI has always run there.
    places: (family) =>
      family === 'ubuntu' ? ['google-chrome', 'chromium'] : ['chromium', 'google-chrome'],
    packages: { debian: 'chromium' },
    noPackage: {
      ubuntu:
        "Ubuntu's chromium-browser package is a snap wrapper that does not run here; install Google Chrome (google.com/chrome)",
    },
  },
  firefox: {
    name: 'Firefox',
    env: 'FIREFOX_PATH',
    binary: 'a Firefox binary',
    product: 'Firefox',
    places: () => ['firefox-esr', 'firefox'],
    packages: { debian: 'firefox-esr' },
    noPackage: {
      ubuntu:
        "Ubuntu's firefox package is a snap wrapper that does not run here; install Mozilla's build (packages.mozilla.org)",
    },
  },
  webkitDriver: {
    name: "WebKit's driver",
    env: 'WEBKIT_DRIVER_PATH',
    binary: 'WebKitWebDriver',
    product: "WebKitGTK's WebKitWebDriver",
    places: () => ['WebKitWebDriver'],
    packages: { debian: 'webkit2gtk-driver', ubuntu: 'webkit2gtk-driver' },
    archive: { ubuntu: "enable Ubuntu's universe archive (add-apt-repository universe)" },
  },
  miniBrowser: {
    name: 'MiniBrowser',
    env: 'MINIBROWSER_PATH',
    binary: "WebKitGTK 4.1's MiniBrowser",
    product: 'WebKitGTK 4.1',
    places: (_, triplet) => (triplet ? [`/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`] : []),
    packages: { debian: 'libwebkit2gtk-4.1-0', ubuntu: 'libwebkit2gtk-4.1-0' },
  },
  xvfbRun: {
    name: 'xvfb-run',
    env: 'XVFB_RUN_PATH',
    binary: 'xvfb-run',
    product: 'Xvfb',
    places: () => ['xvfb-run'],
    packages: { debian: 'xvfb', ubuntu: 'xvfb' },
  },
  java: {
    name: 'Java',
    binary: 'java',
    product: 'a Java runtime',
    places: () => ['java'],
    packages: { debian: 'default-jre-headless', ubuntu: 'default-jre-headless' },
  },
};

/**
 * Debian's multiarch folder (/usr/lib/<triplet>) for each processor Node names.
 * @type {Record<string, string>}
 */
const TRIPLETS = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
  arm: 'arm-linux-gnueabihf',
  ia32: 'i386-linux-gnu',
  ppc64: 'powerpc64le-linux-gnu',
  s390x: 's390x-linux-gnu',
  riscv64: 'riscv64-linux-gnu',
  loong64: 'loongarch64-linux-gnu',
};

/** Where a shell looks when PATH is unset. */
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The plan for a machine: where each program is, or which package brings it and whether apt
 * offers it here, or, where no package will do, how to get it. A variable that names a path wins,
 * found or not: installing a package would not change what runs.
 * @param {Machine} machine
 * @returns {Plan}
 */
export function planMachine(machine) {
  const { os, arch, env } = machine;
  const names = [os.id, ...os.idLike];
  /** @type {Family} */
  const family = names.includes('ubuntu')
    ? 'ubuntu'
    : names.includes('debian')
      ? 'debian'
      : 'other';
  const distribution = { debian: 'Debian', ubuntu: 'Ubuntu' }[os.id] ?? os.id;
  const triplet = TRIPLETS[arch];
  const folders = (env['PATH'] || DEFAULT_PATH).split(':').filter(Boolean);

  /** @param {string} place */
  const whereOnPath = (place) =>
    place.startsWith('/')
      ? [place]
      : folders.map((folder) => `${folder.replace(/\/$/, '')}/${place}`);

  /**
   * @param {Need} need
   * @returns {Program}
   */
  const programFor = (need) => {
    const { name, env: variable } = need;
    const orSet = variable ? `set ${variable} to ${need.binary}` : `put ${need.binary} on PATH`;
    /**
     * @param {string} path
     * @param {string} [problem] when it is missing
     * @param {string} [pkg]
     * @returns {Program}
     */
    const program = (path, problem, pkg) => ({
      name,
      env: variable,
      found: !problem,
      path,
      package: pkg,
      problem,
    });

    const setting = variable ? env[variable] : undefined;
    if (setting) {
      // "bundled" is Playwright's own Chromium, which npx playwright install fetches, not apt.
      const runs =
        (variable === 'CHROMIUM_PATH' && setting === 'bundled') || machine.isExecutable(setting);
      const problem = `${name}: ${variable} is ${setting}, which is not an executable file; set it to ${need.binary} or unset it`;
      return program(setting, runs ? undefined : problem);
    }
    const places = need.places(family, triplet);
    const found = places
      .flatMap(whereOnPath)
      .find((path) => machine.isExecutable(path) && !machine.isSnap(path));
    if (found) return program(found);

    const [first] = places;
    if (first === undefined) {
      return program(
        '',
        `${name}: not found, since where it lives on this processor (${arch}) is not known here; ${orSet}`,
      );
    }
    const expected = first.startsWith('/') ? first : `/usr/bin/${first}`;
    const pkg = need.packages[family];
    if (!pkg) {
      const instead =
        need.noPackage?.[family] ??
        `.ci/run installs packages on Debian and Ubuntu only; install ${need.product}`;
      return program(expected, `${name}: not installed, and ${instead} or ${orSet}`);
    }
    if (machine.isAvailable(pkg)) {
      return program(expected, `${name}: not installed; apt-get install ${pkg} or ${orSet}`, pkg);
    }
    const archive = need.archive?.[family] ?? 'add an apt source that has it (then apt-get update)';
    return program(
      expected,
      `${name}: not installed, and apt offers no ${pkg} here; ${archive} or ${orSet}`,
      pkg,
    );
  };

  const programs = /** @type {Record<ProgramId, Program>} */ (
    Object.fromEntries(Object.entries(NEEDS).map(([id, need]) => [id, programFor(need)]))
  );
  const missing = Object.values(programs).filter((program) => !program.found);
  const packages = [...new Set(missing.flatMap((program) => program.package ?? []))];
  return {
    machine: `${[distribution, os.versionId].filter(Boolean).join(' ')}, ${arch}`,
    programs,
    packages,
    install: packages.filter((name) => machine.isAvailable(name)),
    problems: missing.flatMap((program) => program.problem ?? []),
  };
}

/**
 * The facts of this machine; files and apt are asked only when the plan needs to know.
 * @returns {Machine}
 */
export function readMachine() {
  return {
    os: readOsRelease(),
    arch: process.arch,
    env: process.env,
    isExecutable,
    isSnap,
    isAvailable,
  };
}

/** @returns {Machine['os']} */
function readOsRelease() {
  const text = ['/etc/os-release', '/usr/lib/os-release'].map(readText).find(Boolean) ?? '';
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [, key = '', value = ''] of text.matchAll(/^(\w+)=(.*)$/gm)) {
    fields[key] = value.replace(/^(["'])(.*)\1$/, '$2');
  }
  return {
    id: fields['ID'] ?? 'linux',
    versionId: fields['VERSION_ID'] ?? '',
    idLike: (fields['ID_LIKE'] ?? '').split(/\s+/).filter(Boolean),
  };
}

/** @param {string} path */
function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A snap (under /snap, or snap itself), or a script that runs one, as Ubuntu's firefox and
 * chromium-browser packages install: neither runs in a container.
 * @param {string} path
 */
function isSnap(path) {
  try {
    const real = realpathSync(path);
    if (real.startsWith('/snap/') || real.endsWith('/bin/snap')) return true;
    const start = Buffer.alloc(4096);
    const file = openSync(real, 'r');
    const length = readSync(file, start, 0, start.length, 0);
    closeSync(file);
    const text = start.subarray(0, length).toString('latin1');
    return text.startsWith('#!') && text.includes('/snap/bin/');
  } catch {
    return false;
  }
}

/** @type {Map<string, boolean>} */
const offered = new Map();

/**
 * Whether apt has a candidate for the package: asked once per process, since a test run asks
 * for the same few packages many times.
 * @param {string} name
 */
function isAvailable(name) {
  let answer = offered.get(name);
  if (answer === undefined) {
    // In the C locale, whatever the user's, so that "Candidate:" reads as it does here.
    const policy = spawnSync('apt-cache', ['policy', name], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    answer = /^\s*Candidate: (?!\(none\))/m.test(policy.stdout ?? '');
    offered.set(name, answer);
  }
  return answer;
}
