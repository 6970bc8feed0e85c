/**
 * `npm run editor`: the web editor on this computer. Starts Decap's local proxy (decap-server),
 * which saves straight into this folder's src/content, and `astro dev`, which shows each save on
 * the page. It prints the editor's address once the editor answers there: open it and press
 * Log in, no GitHub account needed. Stop both with Ctrl-C. EDITOR_LOCAL_PORT moves the proxy
 * from port 8081; `--port` (passed on to astro dev) moves the site from 4321.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { editorAnswers, startLocalProxy } from '../src/editor/node/local-proxy.ts';

const port = process.env['EDITOR_LOCAL_PORT'] ?? '8081';
const args = process.argv.slice(2);
const proxy = await startLocalProxy(process.cwd(), port, ['ignore', 'ignore', 'inherit']);
const site = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...args], {
  env: { ...process.env, EDITOR_LOCAL_PORT: port },
  stdio: 'inherit',
});
const portAt = args.indexOf('--port');
const address = `http://localhost:${portAt === -1 ? '4321' : args[portAt + 1]}/admin/`;
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
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [proxy, site])
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
