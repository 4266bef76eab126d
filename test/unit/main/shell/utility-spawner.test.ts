import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

// The spawner only needs `import type` from electron; mock it anyway so nothing loads the binary.
vi.mock('electron', () => ({}));

import { ENGINE_ENV } from '../../../../src/main/engine/host/client';
import type { ToEngine } from '../../../../src/main/engine/protocol';
import {
  utilityProcessSpawner,
  type UtilityForker,
} from '../../../../src/main/shell/utility-spawner';

/** Enough of Electron's UtilityProcess: postMessage, kill, pid and the spawn/message/exit events. */
class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = undefined;
  posted: unknown[] = [];
  kills = 0;
  postMessage(m: unknown): void {
    this.posted.push(m);
  }
  kill(): boolean {
    this.kills++;
    return true;
  }
}

function setup() {
  const children: FakeUtilityProcess[] = [];
  const fork = vi.fn(() => {
    const c = new FakeUtilityProcess();
    children.push(c);
    return c;
  });
  const spawner = utilityProcessSpawner(
    { fork } as unknown as UtilityForker,
    '/app/dist/main/engine-worker.js',
  );
  return { fork, spawner, children };
}

const cancel: ToEngine = { type: 'cancel' };
const result = (id: number): ToEngine => ({ type: 'privileged-result', id, ok: true, value: id });

describe('utilityProcessSpawner', () => {
  it('forks the worker as a named utility process with the engine environment', () => {
    const { fork, spawner } = setup();
    spawner();
    expect(fork).toHaveBeenCalledTimes(1);
    const [path, args, opts] = fork.mock.calls[0] as unknown as [
      string,
      string[],
      Record<string, unknown>,
    ];
    expect(path).toBe('/app/dist/main/engine-worker.js');
    expect(args).toEqual([]);
    expect(opts).toMatchObject({ serviceName: 'Drivewise engine', stdio: 'inherit' });
    const env = opts.env as Record<string, string>;
    expect(env).toMatchObject(ENGINE_ENV);
    expect(env.PATH).toBe(process.env.PATH);
    // Not a fork of the Electron binary: nothing tells it to run as plain Node.
    expect(env.ELECTRON_RUN_AS_NODE).toBeUndefined();
  });

  it('holds messages sent before spawn and delivers them in order once it has spawned', () => {
    const { spawner, children } = setup();
    const child = spawner();
    const fake = children[0]!;
    child.send(result(1));
    child.send(result(2));
    expect(fake.posted).toEqual([]);
    fake.emit('spawn');
    expect(fake.posted).toEqual([result(1), result(2)]);
    child.send(cancel);
    expect(fake.posted).toEqual([result(1), result(2), cancel]);
  });

  it('sends the JSON wire shape, like the fork path', () => {
    const { spawner, children } = setup();
    const child = spawner();
    children[0]!.emit('spawn');
    child.send({
      type: 'privileged-result',
      id: 1,
      ok: true,
      value: { a: undefined, n: Number.NaN },
      error: undefined,
    });
    expect(children[0]!.posted).toEqual([
      { type: 'privileged-result', id: 1, ok: true, value: { n: null } },
    ]);
  });

  it('relays messages and maps exit to (code, null)', () => {
    const { spawner, children } = setup();
    const child = spawner();
    const fake = children[0]!;
    const messages: unknown[] = [];
    const exits: unknown[][] = [];
    child.onMessage((m) => messages.push(m));
    child.onExit((code, signal) => exits.push([code, signal]));
    fake.emit('spawn');
    fake.emit('message', { type: 'ready', pid: 42, asyncIo: 'io_uring' });
    expect(messages).toEqual([{ type: 'ready', pid: 42, asyncIo: 'io_uring' }]);
    fake.emit('exit', 3);
    expect(exits).toEqual([[3, null]]);
  });

  it('drops sends and kills once the child has exited, including messages still held', () => {
    const { spawner, children } = setup();
    const child = spawner();
    const fake = children[0]!;
    child.send(result(1));
    fake.emit('exit', 1);
    fake.emit('spawn'); // cannot really happen; must still not deliver
    child.send(cancel);
    child.kill();
    expect(fake.posted).toEqual([]);
    expect(fake.kills).toBe(0);
  });

  it("falls back to Electron's kill() while there is no pid yet", () => {
    const { spawner, children } = setup();
    const child = spawner();
    child.kill();
    expect(children[0]!.kills).toBe(1);
  });

  it('kill() is a hard stop: SIGKILL to the pid, even for a process that ignores SIGTERM', async () => {
    const victim = spawn(
      process.execPath,
      ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"],
      { stdio: 'ignore' },
    );
    const gone = new Promise<NodeJS.Signals | null>((r) => victim.on('exit', (_c, sig) => r(sig)));
    await new Promise((r) => victim.once('spawn', r));
    try {
      const { spawner, children } = setup();
      const child = spawner();
      const fake = children[0]!;
      fake.pid = victim.pid;
      fake.emit('spawn');
      child.kill();
      expect(await gone).toBe('SIGKILL');
      expect(fake.kills).toBe(0);
    } finally {
      if (victim.exitCode === null && victim.signalCode === null) victim.kill('SIGKILL');
    }
  });

  it('each spawn forks a fresh process', () => {
    const { fork, spawner } = setup();
    spawner();
    spawner();
    expect(fork).toHaveBeenCalledTimes(2);
  });
});
