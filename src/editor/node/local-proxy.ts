/**
 * The web editor on a writer's computer: Decap's local proxy (decap-server), which saves straight
 * into the project, and whether the editor answers yet. Run by `npm run editor` (scripts/editor.ts)
 * and, exactly so, by the editor's browser tests; plain Node, with no path aliases.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { existsSync, readdirSync, rmSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { contentFolders } from '../../config.ts';

/**
 * Decap's local proxy on `port`, saving into the project at `dir`. MODE picks what it saves to:
 * files on disk (Vitest, among others, sets MODE for itself).
 */
export function startLocalProxy(
  dir: string,
  port: number | string,
  stdio: StdioOptions = 'ignore',
) {
  const script = createRequire(import.meta.url).resolve('decap-server');
  const proxy = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      MODE: 'fs',
      GIT_REPO_DIRECTORY: dir,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
    },
    stdio,
  });
  // The collections' folders are in one folder (src/content); an entry's own folder is below.
  const tidy = tidyEmptyFolders(join(dir, dirname(contentFolders.recipes.folder)));
  proxy.on('exit', () => tidy.close());
  return proxy;
}

/**
 * Removes an entry's folder once a delete through the proxy has emptied it, as deleting its
 * last file does on GitHub: the proxy deletes files only.
 */
function tidyEmptyFolders(content: string) {
  return watch(content, { recursive: true }, (event, name) => {
    if (event !== 'rename' || !name) return;
    const folder = dirname(join(content, name));
    // An entry's own folder, never a collection's.
    if (!relative(content, folder).includes(sep)) return;
    if (existsSync(folder) && readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
  });
}

/** Whether the local proxy on `port` answers yet. */
export const localProxyAnswers = (port: number | string) =>
  fetch(`http://127.0.0.1:${port}/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'info' }),
  }).then(
    (response) => response.ok,
    () => false,
  );

/** Whether the editor at `address` (…/admin/) answers with its page and its configuration. */
export const editorAnswers = (address: string) =>
  Promise.all(
    ['', 'config.json'].map((file) =>
      fetch(new URL(file, address)).then(
        (response) => response.ok,
        () => false,
      ),
    ),
  ).then((answers) => answers.every(Boolean));
