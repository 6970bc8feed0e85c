/**
 * `npm run editor`: the web editor on this computer. Starts Decap's local proxy (decap-server),
 * which saves straight into this folder's src/content, and `astro dev`, which shows each save on
 * the page. Open http://localhost:4321/admin/ and press Login: no GitHub account is needed.
 * Stop both with Ctrl-C. EDITOR_LOCAL_PORT moves the proxy from port 8081.
 */
import { spawn } from 'node:child_process';
import { startLocalProxy } from './lib/web-editor.ts';

const port = process.env['EDITOR_LOCAL_PORT'] ?? '8081';
const proxy = startLocalProxy(process.cwd(), port, ['ignore', 'ignore', 'inherit']);
const site = spawn(
  process.execPath,
  ['node_modules/astro/bin/astro.mjs', 'dev', ...process.argv.slice(2)],
  {
    env: { ...process.env, EDITOR_LOCAL_PORT: port },
    stdio: 'inherit',
  },
);
console.log(
  `The editor: http://localhost:4321/admin/ (saves go through port ${port} into src/content)`,
);

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
