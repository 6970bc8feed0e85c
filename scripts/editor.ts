/**
 * `npm run editor`: the web editor on this computer. Starts Decap's local proxy (decap-server),
 * which saves straight into this folder's src/content; the editor's front on the site's address,
 * which answers /admin/ at once (src/editor/node/editor-front.ts); and `astro dev` behind it, on a
 * port of its own, which shows each save on the page and serves everything else there. It prints
 * the editor's address once the editor answers there, without waiting for the site: open it and
 * press Log in, no GitHub account needed. Stop all with Ctrl-C. EDITOR_LOCAL_PORT moves the proxy
 * from port 8081; `--port` moves the site's address from 4321 (other options go to astro dev).
 */
import './lib/source-aliases.ts';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { editorAnswers, startLocalProxy } from '../src/editor/node/local-proxy.ts';

const { startEditorFront } = await import('../src/editor/node/editor-front.ts');

const port = process.env['EDITOR_LOCAL_PORT'] ?? '8081';
const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const sitePort = Number(portAt === -1 ? '4321' : args[portAt + 1]);
if (portAt !== -1) args.splice(portAt, 2);
const address = `http://localhost:${sitePort}/admin/`;

/** A port nothing listens on now, for astro dev behind the front. */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => done(free));
    });
  });

const front = await startEditorFront(process.cwd(), sitePort, {
  repo: process.env['EDITOR_GITHUB_REPO'],
  branch: process.env['EDITOR_GITHUB_BRANCH'],
  authUrl: process.env['EDITOR_AUTH_URL'],
  localPort: Number(port),
}).catch((error: unknown) => {
  console.error(`The editor cannot answer at ${address}: ${String(error)}`);
  process.exit(1);
});
const proxy = await startLocalProxy(process.cwd(), port, ['ignore', 'ignore', 'inherit']);
const inner = await freePort();
const site = spawn(
  process.execPath,
  ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(inner), ...args],
  {
    env: {
      ...process.env,
      EDITOR_LOCAL_PORT: port,
      EDITOR_FRONT: '1',
      ...(process.stdout.isTTY && { FORCE_COLOR: '1' }),
    },
    stdio: ['inherit', 'pipe', 'inherit'],
  },
);
// The writer waits for the editor, not the site: on a busy machine the editor's files and the
// browser come first, and astro dev (and what it starts) takes the time they leave.
try {
  setPriority(site.pid!, 10);
} catch {
  // not allowed here: it starts beside them
}
// Astro's lines name the address writers use, the front's; its own port is found in them.
let found = false;
createInterface({ input: site.stdout! }).on('line', (line) => {
  const at = /localhost:(\d+)\//.exec(line);
  if (at && !found) {
    found = true;
    front.siteAt(Number(at[1]));
  }
  console.log(line.replaceAll(`localhost:${at?.[1] ?? inner}/`, `localhost:${sitePort}/`));
});

// Printed when the editor's page and its configuration answer, not when the servers start.
void (async () => {
  while (!(await editorAnswers(address))) await sleep(100);
  console.log(
    `\nThe editor is ready: ${address} (saves go through port ${port} into src/content)\n`,
  );
})();

const stop = () => {
  proxy.kill();
  site.kill();
  front.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [proxy, site])
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
