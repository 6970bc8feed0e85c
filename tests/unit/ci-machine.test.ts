/**
 * The plan .ci/run installs by and the engines find their programs with (scripts/ci/machine.mjs),
 * on machines described as facts: Debian and Ubuntu as they come, as GitHub's image has Ubuntu,
 * and with paths set by hand. No Ubuntu machine ran these: its facts are written from its archive
 * and GitHub's image.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planMachine, readMachine, type Machine } from '../../scripts/ci/machine.mjs';

const DEBIAN_12 = { id: 'debian', versionId: '12', idLike: [] };
const UBUNTU_24_04 = { id: 'ubuntu', versionId: '24.04', idLike: ['debian'] };

/** What Debian 12's archive offers of what the tests need. */
const DEBIAN_ARCHIVE = [
  'chromium',
  'firefox-esr',
  'webkit2gtk-driver',
  'libwebkit2gtk-4.1-0',
  'xvfb',
  'default-jre-headless',
];
/** What Ubuntu 24.04's main and universe archives offer; its chromium-browser and firefox are snap wrappers. */
const UBUNTU_ARCHIVE = [
  'chromium-browser',
  'firefox',
  'webkit2gtk-driver',
  'libwebkit2gtk-4.1-0',
  'xvfb',
  'default-jre-headless',
];

const MINIBROWSER_X64 = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DEBIAN_WITH_EVERYTHING = [
  '/usr/bin/chromium',
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox', // Debian's script that runs firefox-esr
  '/usr/bin/WebKitWebDriver',
  MINIBROWSER_X64,
  '/usr/bin/xvfb-run',
  '/usr/bin/java',
];
/** GitHub's ubuntu-24.04 image: Google Chrome, a Chromium snapshot, Mozilla's Firefox, Java, Xvfb. */
const GITHUB_UBUNTU_IMAGE = [
  '/usr/bin/google-chrome',
  '/usr/bin/chromium',
  '/usr/bin/firefox',
  '/usr/bin/java',
  '/usr/bin/xvfb-run',
];

type Facts = {
  os: Machine['os'];
  arch?: string;
  installed?: string[];
  snaps?: string[];
  offered?: string[];
  env?: Record<string, string>;
};

/** A machine with these files installed (and these of them snaps) and these packages on offer. */
function machine({ os, arch = 'x64', installed = [], snaps = [], offered = [], env = {} }: Facts) {
  return {
    os,
    arch,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    isExecutable: (path: string) => installed.includes(path),
    isSnap: (path: string) => snaps.includes(path),
    isAvailable: (name: string) => offered.includes(name),
  } satisfies Machine;
}

/** Each program's binary, or null where it is missing. */
function binaries(facts: Facts) {
  const { programs } = planMachine(machine(facts));
  return Object.fromEntries(
    Object.entries(programs).map(([id, { found, path }]) => [id, found ? path : null]),
  );
}

describe('on Debian 12 amd64', () => {
  it('with nothing installed, installs each program’s Debian package with an install of its own', () => {
    const plan = planMachine(machine({ os: DEBIAN_12, offered: DEBIAN_ARCHIVE }));
    expect(plan.machine).toBe('Debian 12, x64');
    expect(plan.install).toEqual(DEBIAN_ARCHIVE);
    expect(plan.problems).toEqual([
      'Chromium: not installed; apt-get install chromium or set CHROMIUM_PATH to a Chromium or Chrome binary, or to bundled after npx playwright install chromium',
      'Firefox: not installed; apt-get install firefox-esr or set FIREFOX_PATH to a Firefox binary',
      "WebKit's driver: not installed; apt-get install webkit2gtk-driver or set WEBKIT_DRIVER_PATH to WebKitWebDriver",
      "MiniBrowser: not installed; apt-get install libwebkit2gtk-4.1-0 or set MINIBROWSER_PATH to WebKitGTK 4.1's MiniBrowser",
      'xvfb-run: not installed; apt-get install xvfb or set XVFB_RUN_PATH to xvfb-run',
      'Java: not installed; apt-get install default-jre-headless or put java on PATH',
    ]);
  });

  it('with nothing installed, expects each program where its package puts it', () => {
    const { programs } = planMachine(machine({ os: DEBIAN_12, offered: DEBIAN_ARCHIVE }));
    expect(Object.values(programs).map(({ path }) => path)).toEqual([
      '/usr/bin/chromium',
      '/usr/bin/firefox-esr',
      '/usr/bin/WebKitWebDriver',
      MINIBROWSER_X64,
      '/usr/bin/xvfb-run',
      '/usr/bin/java',
    ]);
  });

  it('with everything installed, finds each program where Debian puts it and installs nothing', () => {
    const plan = planMachine(
      machine({ os: DEBIAN_12, installed: DEBIAN_WITH_EVERYTHING, offered: DEBIAN_ARCHIVE }),
    );
    expect(binaries({ os: DEBIAN_12, installed: DEBIAN_WITH_EVERYTHING })).toEqual({
      chromium: '/usr/bin/chromium',
      firefox: '/usr/bin/firefox-esr',
      webkitDriver: '/usr/bin/WebKitWebDriver',
      miniBrowser: MINIBROWSER_X64,
      xvfbRun: '/usr/bin/xvfb-run',
      java: '/usr/bin/java',
    });
    expect([plan.packages, plan.install, plan.problems]).toEqual([[], [], []]);
  });

  it('finds a program in the first folder of PATH that has it, as a developer installed it', () => {
    const installed = [...DEBIAN_WITH_EVERYTHING, '/opt/firefox/firefox'];
    const env = { PATH: '/opt/firefox:/usr/bin' };
    expect(binaries({ os: DEBIAN_12, installed, env }).firefox).toBe('/usr/bin/firefox-esr');
    expect(binaries({ os: DEBIAN_12, installed: ['/opt/firefox/firefox'], env }).firefox).toBe(
      '/opt/firefox/firefox',
    );
  });

  it('names the apt source to add when the archive does not offer a package, and installs the rest', () => {
    const offered = DEBIAN_ARCHIVE.filter((name) => name !== 'firefox-esr');
    const plan = planMachine(machine({ os: DEBIAN_12, offered }));
    expect(plan.packages).toContain('firefox-esr');
    expect(plan.install).toEqual(offered);
    expect(plan.problems).toContain(
      'Firefox: not installed, and apt offers no firefox-esr here; add an apt source that has it (then apt-get update) or set FIREFOX_PATH to a Firefox binary',
    );
  });
});

describe('on Debian 12 arm64', () => {
  const MINIBROWSER_ARM64 = '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

  it('finds MiniBrowser in the aarch64 folder, not the x86-64 one', () => {
    const installed = DEBIAN_WITH_EVERYTHING.map((path) =>
      path === MINIBROWSER_X64 ? MINIBROWSER_ARM64 : path,
    );
    expect(binaries({ os: DEBIAN_12, arch: 'arm64', installed }).miniBrowser).toBe(
      MINIBROWSER_ARM64,
    );
    expect(binaries({ os: DEBIAN_12, arch: 'arm64', installed: DEBIAN_WITH_EVERYTHING })).toEqual(
      expect.objectContaining({ miniBrowser: null }),
    );
  });

  it('with nothing installed, installs the same packages as on amd64 and expects MiniBrowser in the aarch64 folder', () => {
    const plan = planMachine(machine({ os: DEBIAN_12, arch: 'arm64', offered: DEBIAN_ARCHIVE }));
    expect(plan.machine).toBe('Debian 12, arm64');
    expect(plan.install).toEqual(DEBIAN_ARCHIVE);
    expect(plan.programs.miniBrowser.path).toBe(MINIBROWSER_ARM64);
  });
});

describe("on GitHub's Ubuntu 24.04 image", () => {
  const github = { os: UBUNTU_24_04, installed: GITHUB_UBUNTU_IMAGE, offered: UBUNTU_ARCHIVE };

  it.each([
    ['finds Firefox as firefox, installs nothing for it', 'firefox', '/usr/bin/firefox'],
    [
      'runs Google Chrome, the browser the image documents, not the Chromium snapshot beside it',
      'chromium',
      '/usr/bin/google-chrome',
    ],
    ['finds Java where the image has it', 'java', '/usr/bin/java'],
    ['finds xvfb-run where the image has it', 'xvfbRun', '/usr/bin/xvfb-run'],
  ])('%s', (_, id, path) => {
    expect(binaries(github)[id]).toBe(path);
  });

  it("installs WebKit's driver and MiniBrowser's library from Ubuntu's archive, and nothing else", () => {
    const plan = planMachine(machine(github));
    expect(plan.install).toEqual(['webkit2gtk-driver', 'libwebkit2gtk-4.1-0']);
    expect(plan.programs.miniBrowser.path).toBe(MINIBROWSER_X64);
  });

  it('once those are installed, finds every program and installs nothing', () => {
    const installed = [...GITHUB_UBUNTU_IMAGE, '/usr/bin/WebKitWebDriver', MINIBROWSER_X64];
    const plan = planMachine(machine({ ...github, installed }));
    expect([plan.install, plan.problems]).toEqual([[], []]);
  });
});

describe('on Ubuntu 24.04', () => {
  it('says how to get Firefox rather than install the firefox snap wrapper', () => {
    const installed = GITHUB_UBUNTU_IMAGE.filter((path) => path !== '/usr/bin/firefox');
    const plan = planMachine(machine({ os: UBUNTU_24_04, installed, offered: UBUNTU_ARCHIVE }));
    expect(plan.install).not.toContain('firefox');
    expect(plan.problems).toContain(
      "Firefox: not installed, and Ubuntu's firefox package is a snap wrapper that does not run here; install Mozilla's build (packages.mozilla.org) or set FIREFOX_PATH to a Firefox binary",
    );
  });

  it('says how to get Chromium rather than install the chromium-browser snap wrapper', () => {
    const plan = planMachine(machine({ os: UBUNTU_24_04, offered: UBUNTU_ARCHIVE }));
    expect(plan.install).toEqual(UBUNTU_ARCHIVE.slice(2));
    expect(plan.problems[0]).toBe(
      "Chromium: not installed, and Ubuntu's chromium-browser package is a snap wrapper that does not run here; install Google Chrome (google.com/chrome) or set CHROMIUM_PATH to a Chromium or Chrome binary, or to bundled after npx playwright install chromium",
    );
  });

  it('passes over the firefox snap wrapper on PATH, as if Firefox were not there', () => {
    const installed = [...GITHUB_UBUNTU_IMAGE, '/snap/bin/firefox'];
    const snaps = ['/usr/bin/firefox', '/snap/bin/firefox'];
    const env = { PATH: '/usr/bin:/bin:/snap/bin' };
    const plan = planMachine(machine({ os: UBUNTU_24_04, installed, snaps, env }));
    expect(plan.programs.firefox.found).toBe(false);
    expect(plan.problems[0]).toMatch(/^Firefox: not installed, and Ubuntu's firefox package/);
  });

  it("without the universe archive, names it for WebKit's driver and installs the rest", () => {
    const offered = UBUNTU_ARCHIVE.filter((name) => name !== 'webkit2gtk-driver');
    const plan = planMachine(
      machine({ os: UBUNTU_24_04, installed: GITHUB_UBUNTU_IMAGE, offered }),
    );
    expect(plan.packages).toEqual(['webkit2gtk-driver', 'libwebkit2gtk-4.1-0']);
    expect(plan.install).toEqual(['libwebkit2gtk-4.1-0']);
    expect(plan.problems[0]).toBe(
      "WebKit's driver: not installed, and apt offers no webkit2gtk-driver here; enable Ubuntu's universe archive (add-apt-repository universe) or set WEBKIT_DRIVER_PATH to WebKitWebDriver",
    );
  });

  it('takes a distribution built on Ubuntu (ID_LIKE) as Ubuntu', () => {
    const mint = { id: 'linuxmint', versionId: '22', idLike: ['ubuntu', 'debian'] };
    const plan = planMachine(machine({ os: mint, offered: UBUNTU_ARCHIVE }));
    expect(plan.install).not.toContain('firefox');
    expect(plan.machine).toBe('linuxmint 22, x64');
  });
});

describe('with a path set by its variable', () => {
  it.each([
    ['CHROMIUM_PATH', 'chromium', '/opt/chrome/chrome'],
    ['FIREFOX_PATH', 'firefox', '/opt/firefox/firefox'],
    ['WEBKIT_DRIVER_PATH', 'webkitDriver', '/opt/webkit/WebKitWebDriver'],
    ['MINIBROWSER_PATH', 'miniBrowser', '/opt/webkit/MiniBrowser'],
    ['XVFB_RUN_PATH', 'xvfbRun', '/opt/xvfb/xvfb-run'],
  ])('%s runs that binary rather than the one the machine has', (env, id, path) => {
    const installed = [...DEBIAN_WITH_EVERYTHING, path];
    expect(binaries({ os: DEBIAN_12, installed, env: { [env]: path } })[id]).toBe(path);
  });

  it('a path that is not there is missing, installs nothing, and says so', () => {
    const plan = planMachine(
      machine({
        os: DEBIAN_12,
        installed: DEBIAN_WITH_EVERYTHING,
        offered: DEBIAN_ARCHIVE,
        env: { FIREFOX_PATH: '/nonexistent' },
      }),
    );
    expect(plan.programs.firefox).toMatchObject({ found: false, path: '/nonexistent' });
    expect([plan.packages, plan.problems]).toEqual([
      [],
      [
        'Firefox: FIREFOX_PATH is /nonexistent, which is not an executable file; set it to a Firefox binary or unset it',
      ],
    ]);
  });

  it('CHROMIUM_PATH=bundled is Playwright’s own Chromium, which apt does not install', () => {
    const plan = planMachine(
      machine({ os: UBUNTU_24_04, offered: UBUNTU_ARCHIVE, env: { CHROMIUM_PATH: 'bundled' } }),
    );
    expect(plan.programs.chromium).toMatchObject({ found: true, path: 'bundled' });
    expect(plan.problems.filter((problem) => problem.startsWith('Chromium'))).toEqual([]);
  });
});

describe('elsewhere', () => {
  it('on a machine that is not Debian or Ubuntu, installs nothing and says what to install', () => {
    const fedora = { id: 'fedora', versionId: '41', idLike: [] };
    const plan = planMachine(machine({ os: fedora, offered: DEBIAN_ARCHIVE }));
    expect([plan.machine, plan.install]).toEqual(['fedora 41, x64', []]);
    expect(plan.problems[1]).toBe(
      'Firefox: not installed, and .ci/run installs packages on Debian and Ubuntu only; install Firefox or set FIREFOX_PATH to a Firefox binary',
    );
  });

  it('on a processor whose folder it does not know, asks for MINIBROWSER_PATH and installs no library for it', () => {
    const plan = planMachine(machine({ os: DEBIAN_12, arch: 'mips', offered: DEBIAN_ARCHIVE }));
    expect(plan.install).not.toContain('libwebkit2gtk-4.1-0');
    expect(plan.problems).toContain(
      "MiniBrowser: not found, since where it lives on this processor (mips) is not known here; set MINIBROWSER_PATH to WebKitGTK 4.1's MiniBrowser",
    );
  });
});

describe('on this machine', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ci-machine-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** An executable script in the temporary folder. */
  function script(name: string, text: string) {
    const path = join(folder, name);
    writeFileSync(path, text);
    chmodSync(path, 0o755);
    return path;
  }

  it("takes Ubuntu's firefox wrapper for a snap, and Debian's firefox script for none", () => {
    const { isSnap, isExecutable } = readMachine();
    const ubuntu = script(
      'ubuntu-firefox',
      '#!/bin/sh\nif ! [ -x /snap/bin/firefox ]; then\n    exit 1\nfi\nexec /snap/bin/firefox "$@"\n',
    );
    const debian = script('debian-firefox', '#!/bin/sh\nexec firefox-esr "$@"\n');
    expect([isExecutable(ubuntu), isSnap(ubuntu)]).toEqual([true, true]);
    expect([isExecutable(debian), isSnap(debian)]).toEqual([true, false]);
    expect(isExecutable(folder)).toBe(false);
  });

  it('--shell prints bash that exports each path found, whatever its characters', () => {
    const firefox = script("it's firefox $HOME", '#!/bin/sh\n');
    const plan = join(import.meta.dirname, '../../scripts/ci/plan.mjs');
    const result = spawnSync(
      'bash',
      ['-c', `eval "$("$NODE" ${plan} --shell)" && printf %s "$FIREFOX_PATH"`],
      { encoding: 'utf8', env: { ...process.env, NODE: process.execPath, FIREFOX_PATH: firefox } },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(firefox);
  });
});
