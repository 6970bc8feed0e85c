/**
 * The web editor's workbenches: for each Vitest worker, one scratch copy of the project under git,
 * Decap's local proxy and `astro dev` serving it, exactly as `npm run editor` runs them. Made when
 * a worker first asks for its own (workbench.ts), kept for the whole run, and stopped at its end:
 * this process owns every server, so none outlives the run. Between tests a worker puts its
 * workbench back as it started (workbench.ts), instead of starting another.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { gitIn, scratchProject } from '../../scripts/lib/scratch-project.ts';
import { localProxyAnswers, startLocalProxy } from '../../src/editor/node/local-proxy.ts';
import { devServer, freePort, type DevServer } from '../support/astro-cli';

/** What a worker knows of its workbench's servers; the files it reaches itself. */
export type Slot = {
  /** The scratch project. */
  dir: string;
  /** `astro dev`'s address. */
  url: string;
  /** The local proxy's port. */
  proxyPort: number;
  /** The commit every test starts from. */
  base: string;
  /** A folder for the profile of the worker's Chromium, removed with the workbench. */
  profile: string;
  /** What the editor says of the site and its script as the workbench started: settled. */
  settled: { site: string; script: string };
};

/** The GitHub repository and branch the editor's configuration names (github.ts serves it). */
export const GITHUB = { repo: 'delicious-bites/site', branch: 'main' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker asks for its workbench: GET /<worker>, and /<worker>/log for its log. */
    workbenches: string;
  }
}

type Running = { slot: Slot; server: DevServer; proxy: ChildProcess };

/** A workbench's servers, once `/admin/` answers. */
async function start(): Promise<Running> {
  const dir = scratchProject();
  // The site as last deployed, on the branch GitHub's tests publish to.
  const git = gitIn(dir, { name: 'Site Owner', email: 'owner@example.com' }, GITHUB.branch);
  const proxyPort = await freePort();
  const proxy = await startLocalProxy(dir, proxyPort);
  // Configured for GitHub too: a GitHub test keeps the local proxy from its pages (github.ts).
  const server = await devServer(dir, {
    EDITOR_LOCAL_PORT: String(proxyPort),
    EDITOR_GITHUB_REPO: GITHUB.repo,
    EDITOR_GITHUB_BRANCH: GITHUB.branch,
  });
  await server.until('the local proxy answering', () => localProxyAnswers(proxyPort));
  await server.page('/admin/', undefined, 120);
  const settled = {
    site: await server.page('/admin/site.json'),
    script: await server.page('/admin/editor.js'),
  };
  const base = git('rev-parse', 'HEAD').trim();
  const profile = mkdtempSync(join(tmpdir(), 'bites-tab-'));
  return { slot: { dir, url: server.url, proxyPort, base, settled, profile }, server, proxy };
}

export default async function workbenches({ provide }: TestProject) {
  const running = new Map<string, Promise<Running>>();
  const control: Server = createServer((request, response) => {
    const [, worker = '', what] = (request.url ?? '').split('/');
    const made = running.get(worker) ?? start();
    running.set(worker, made);
    made.then(
      ({ slot, server }) => response.end(what === 'log' ? server.log() : JSON.stringify(slot)),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((done) => control.listen(0, '127.0.0.1', done));
  provide('workbenches', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);

  return async () => {
    control.close();
    for (const made of running.values()) {
      const ran = await made.catch(() => undefined);
      if (!ran) continue;
      await ran.server.stop();
      ran.proxy.kill();
      for (const dir of [ran.slot.dir, ran.slot.profile])
        rmSync(dir, { recursive: true, force: true });
    }
  };
}
