/**
 * Decap's local proxy (decap-server) as `npm run editor` and the editor's tests start it
 * (startLocalProxy): what it does with the settings it is given is its own, documented nowhere,
 * so each is tried here on the installed version, in an empty project folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localProxyAnswers, startLocalProxy } from '../../src/editor/node/local-proxy.ts';

/** A port no one listens on now. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts a connection at `host`:`port`. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    const answer = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.setTimeout(2000, () => answer(false));
  });

/**
 * Another address of this computer, on which a server listening on every address answers:
 * 127.0.0.2 where the whole 127/8 block is this computer (Linux), or a network interface's.
 */
async function anotherAddress(candidates: string[]) {
  const server = createServer((socket) => socket.destroy()).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const host of candidates) if (await accepts(host, port)) return host;
    return undefined;
  } finally {
    server.close();
  }
}

describe("Decap's local proxy, as startLocalProxy starts it", () => {
  const dir = mkdtempSync(join(tmpdir(), 'bites-proxy-'));
  let port = 0;
  let proxy: Awaited<ReturnType<typeof startLocalProxy>> | undefined;

  /** One action through the proxy's API, as Decap's proxy backend sends it. */
  const send = async (action: string, params?: Record<string, unknown>) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    mkdirSync(join(dir, 'src/content'), { recursive: true });
    port = await freePort();
    proxy = await startLocalProxy(dir, port);
    const deadline = Date.now() + 20_000;
    while (!(await localProxyAnswers(port))) {
      if (Date.now() > deadline) throw new Error(`decap-server did not answer on port ${port}`);
      await sleep(50);
    }
  }, 30_000);

  afterAll(() => {
    proxy?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the info action as a proxy to the files of the project folder (MODE=fs)', async () => {
    expect(await send('info')).toEqual({
      status: 200,
      body: { repo: basename(dir), publish_modes: ['simple'], type: 'local_fs' },
    });
  });

  it('saves an entry into the project folder, and deletes its file but not its folder', async () => {
    const file = 'notes/a-note/index.md';
    const saved = await send('persistEntry', {
      dataFiles: [{ slug: 'a-note', path: file, raw: '---\ntitle: A note\n---\n' }],
      assets: [],
      options: {
        collectionName: 'notes',
        commitMessage: 'Add a note',
        useWorkflow: false,
        status: 'draft',
      },
    });
    expect(saved).toEqual({ status: 200, body: { message: 'entry persisted' } });
    expect(readFileSync(join(dir, file), 'utf8')).toBe('---\ntitle: A note\n---\n');

    const deleted = await send('deleteFiles', {
      paths: [file],
      options: { commitMessage: 'Delete a note' },
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(join(dir, file))).toBe(false);
    // Left for startLocalProxy to remove, under src/content, as GitHub does with an empty folder.
    expect(existsSync(join(dir, 'notes/a-note'))).toBe(true);
  });

  it('listens on 127.0.0.1 alone (BIND_HOST): nothing else on the network can write files', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    const interfaces = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address?.family === 'IPv4' && !address.internal)
      .map((address) => address!.address);
    const elsewhere = await anotherAddress(['127.0.0.2', ...interfaces]);
    expect(elsewhere, 'an address of this computer besides 127.0.0.1').toBeDefined();
    expect(await accepts(elsewhere!, port), `the proxy answers on ${elsewhere}`).toBe(false);
  });
});

describe('the front of the local proxy: a write lands only on the file the editor read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bites-front-'));
  const file = 'src/content/notes/a-note/index.md';
  let port = 0;
  let proxy: Awaited<ReturnType<typeof startLocalProxy>> | undefined;
  const version = (text: string) => createHash('sha256').update(text).digest('hex');
  const send = async (action: string, params: Record<string, unknown>) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const save = (raw: string, expect: Record<string, string | null>) =>
    send('persistEntry', {
      dataFiles: [{ slug: 'a-note', path: file, raw }],
      assets: [],
      options: {
        collectionName: 'notes',
        commitMessage: 'Save',
        useWorkflow: false,
        status: 'draft',
      },
      expect,
    });

  beforeAll(async () => {
    mkdirSync(join(dir, 'src/content/notes/a-note'), { recursive: true });
    writeFileSync(join(dir, file), 'title: As read\n');
    port = await freePort();
    proxy = await startLocalProxy(dir, port);
    while (!(await localProxyAnswers(port))) await sleep(50);
  }, 30_000);

  afterAll(() => {
    proxy?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves when the file is still the version the editor read, and refuses when it is not', async () => {
    expect(await save('title: Mine\n', { [file]: version('title: As read\n') })).toEqual({
      status: 200,
      body: { message: 'entry persisted' },
    });
    writeFileSync(join(dir, file), 'title: Committed meanwhile\n');
    expect(await save('title: Mine again\n', { [file]: version('title: Mine\n') })).toEqual({
      status: 409,
      body: { error: 'moved', moved: [file] },
    });
    expect(readFileSync(join(dir, file), 'utf8')).toBe('title: Committed meanwhile\n');
  });

  it('reads a file with its version, the SHA-256 of its bytes, and a missing file as no data', async () => {
    expect(await send('getEntry', { path: file })).toEqual({
      status: 200,
      body: {
        data: 'title: Committed meanwhile\n',
        file: { path: file, id: version('title: Committed meanwhile\n') },
      },
    });
    expect(await send('getEntry', { path: 'src/content/notes/gone.md' })).toEqual({
      status: 200,
      body: { data: null, file: { path: 'src/content/notes/gone.md', id: null } },
    });
  });

  it('refuses to create a file that someone made since the editor found none', async () => {
    const refused = await save('title: New\n', { [file]: null });
    expect(refused.status).toBe(409);
    expect(readFileSync(join(dir, file), 'utf8')).toBe('title: Committed meanwhile\n');
  });

  it('refuses a delete when the file changed since it was read, and deletes it when it did not', async () => {
    const options = { commitMessage: 'Delete' };
    const stale = await send('deleteFiles', { paths: [file], options, expect: { [file]: 'old' } });
    expect(stale.status).toBe(409);
    expect(existsSync(join(dir, file))).toBe(true);
    const now = version('title: Committed meanwhile\n');
    const deleted = await send('deleteFiles', { paths: [file], options, expect: { [file]: now } });
    expect(deleted.status).toBe(200);
    expect(existsSync(join(dir, file))).toBe(false);
  });
});
