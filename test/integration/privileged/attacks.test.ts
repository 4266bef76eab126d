// Every attack from issue 6, each refused while the legitimate helper keeps serving.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helperArgv } from '../../../src/main/privileged/elevate';
import { HelperSession } from '../../../src/main/privileged/session';
import { attachLoop, hasLosetup, isRoot, sha256, waitFor, type Loop } from './loop';

const HELPER = resolve('dist/main/root-helper.js');

/** Connects to the app's socket like an impostor helper; resolves when the app hangs up. */
function impostor(socket: string, send: string | Buffer | null): Promise<'closed'> {
  return new Promise((res, rej) => {
    const s: Socket = createConnection(socket);
    s.on('connect', () => {
      if (send !== null) s.write(send);
    });
    s.on('error', () => undefined);
    s.on('close', () => res('closed'));
    setTimeout(() => rej(new Error('impostor was not disconnected')), 5000);
  });
}

function startHelper(session: HelperSession): ChildProcess {
  return spawn(process.execPath, [HELPER, ...helperArgv(session.paths, process.pid)], {
    stdio: 'ignore',
  });
}

describe.skipIf(!isRoot || !hasLosetup)('attacks on the helper channel', () => {
  let loop: Loop;
  let session: HelperSession;
  let helper: ChildProcess;
  let stolenToken: string;
  const scratch = mkdtempSync('/dev/shm/dw-attack-');

  beforeAll(async () => {
    loop = attachLoop(32);
    session = await HelperSession.open();
  });
  afterAll(() => {
    session?.close();
    helper?.kill('SIGKILL');
    loop?.detach();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps its token private: 0700 directory, 0600 file, socket 0600', () => {
    expect(statSync(session.paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(session.paths.tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(session.paths.socket).mode & 0o777).toBe(0o600);
    // The test plays a thief that got hold of the token before the helper read it.
    stolenToken = readFileSync(session.paths.tokenFile, 'utf8').trim();
  });

  it('refuses impostors: missing token, wrong token, junk, oversized hello', async () => {
    const hello = (o: object) => JSON.stringify(o) + '\n';
    await impostor(session.paths.socket, hello({ type: 'hello', pid: 1, version: 1 }));
    await impostor(
      session.paths.socket,
      hello({ type: 'hello', token: 'f'.repeat(64), pid: 1, version: 1 }),
    );
    await impostor(
      session.paths.socket,
      hello({ type: 'hello', token: stolenToken.slice(0, 63), version: 1 }),
    );
    await impostor(session.paths.socket, 'GET / HTTP/1.0\r\n\r\n');
    await impostor(session.paths.socket, Buffer.alloc(4096, 0x41));
    expect(session.refused).toEqual([
      'missing token',
      'wrong token',
      'wrong token',
      'malformed hello',
      'oversized hello',
    ]);
    expect(session.authenticated).toBe(false);
  });

  it('accepts the real helper, which consumes the token file', async () => {
    helper = startHelper(session);
    await session.waitForHelper(10_000);
    expect(session.authenticated).toBe(true);
    expect(() => statSync(session.paths.tokenFile)).toThrow();
    expect(await session.ping()).toEqual({ pong: true, uid: 0 });
  });

  it('refuses a second connection with the replayed token', async () => {
    const hello = JSON.stringify({ type: 'hello', token: stolenToken, pid: 1, version: 1 }) + '\n';
    // The socket is gone once one helper is in: nobody can even connect.
    const err = await new Promise<string>((res) => {
      const s = createConnection(session.paths.socket);
      s.on('connect', () => {
        s.write(hello);
        res('connected');
      });
      s.on('error', (e: NodeJS.ErrnoException) => res(e.code ?? 'error'));
    });
    expect(['ENOENT', 'ECONNREFUSED']).toContain(err);
    expect(await session.ping()).toEqual({ pong: true, uid: 0 });
  });

  it('refuses unknown operations and every attempt to write, and the device is unchanged', async () => {
    const before = sha256(loop.image);
    const attempts: [string, Record<string, unknown>, RegExp][] = [
      ['write', { device: loop.dev, data: 'AAAA' }, /unknown operation/],
      ['rawWrite', { device: loop.dev }, /unknown operation/],
      ['exec', { cmd: 'dd if=/dev/zero of=' + loop.dev }, /unknown operation/],
      ['rawRead', { test: 'dd-write', device: loop.dev }, /unknown raw test/],
      ['rawRead', { test: 'buffered-read', device: loop.dev, flags: 'w' }, /unexpected field/],
      ['rawRead', { test: 'buffered-read', device: loop.dev, mode: 0o666 }, /unexpected field/],
      ['dropCaches', { value: '0' }, /unexpected field/],
      ['journal', { grep: 'x', output: '/etc/passwd' }, /unexpected field/],
    ];
    for (const [op, args, msg] of attempts)
      await expect(session.call(op, args), op).rejects.toThrow(msg);
    expect(sha256(loop.image)).toBe(before);
    expect(await session.ping()).toEqual({ pong: true, uid: 0 });
  });

  it('survives malformed and oversized messages', async () => {
    session.sendRaw('this is not json\n');
    session.sendRaw('{"type":"call","id":"1","op":"ping"}\n');
    session.sendRaw(Buffer.alloc(200 * 1024, 0x7b)); // 200 KiB without a newline
    session.sendRaw('\n');
    expect(await session.ping()).toEqual({ pong: true, uid: 0 });
  });

  it('refuses device paths that are not a listed block device', async () => {
    const file = join(scratch, 'disk.img');
    writeFileSync(file, Buffer.alloc(4 * 1024 * 1024));
    const link = join(scratch, 'loop-link');
    symlinkSync(loop.dev, link);
    // A second node for the same loop device, under a name lsblk does not list.
    const node = join(scratch, 'sneaky');
    const [maj, min] = loop.majMin.split(':');
    execFileSync('mknod', [node, 'b', maj!, min!]);
    const bad: [string, RegExp][] = [
      [file, /not a block device/],
      ['/dev/zero', /not a block device/],
      [link, /symlink/],
      [`/dev/../dev/${loop.dev.slice(5)}`, /"\.\."/],
      [`/dev/./${loop.dev.slice(5)}`, /"\."/],
      ['/etc/shadow', /under \/dev/],
      [node, /not a block device that lsblk lists/],
      ['/dev/does-not-exist', /no such device/],
    ];
    for (const [path, msg] of bad) {
      await expect(session.rawRead('buffered-read', path, { seconds: 0.2 }), path).rejects.toThrow(
        msg,
      );
      await expect(session.identify(path), path).rejects.toThrow(msg);
    }
    // The legitimate request on the real device still works.
    const ok = await session.rawRead('cached-read', loop.dev, { seconds: 0.2 });
    expect(ok.mibPerSec).toBeGreaterThan(0);
  });

  it('a second helper process cannot join the session', async () => {
    const second = startHelper(session);
    const code = await new Promise<number | null>((res) => second.on('exit', res));
    expect(code).not.toBe(0); // no token file left, no socket to connect to
    expect(await session.ping()).toEqual({ pong: true, uid: 0 });
    await waitFor(() => session.authenticated, 100);
  });
});
