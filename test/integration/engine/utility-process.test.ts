// The engine as the app runs it: through utilityProcessSpawner and process.parentPort. Electron
// cannot run here, so a stand-in utilityProcess forks the real engine bundle under Node with a
// preloaded shim that gives it a parentPort (backed by the IPC channel) the way Electron does.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

import { runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { runEngine } from '../../../src/main/engine/host/client';
import { checkTargetDir, prepareWorkDir } from '../../../src/main/engine/worker/work-dir';
import { newRunId } from '../../../src/main/store/run-store';
import { utilityProcessSpawner, type UtilityForker } from '../../../src/main/shell/utility-spawner';
import { leftovers, req, saver, tempDir, TINY } from './helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dir = (p: string) => {
  const d = tempDir(p);
  dirs.push(d);
  return d;
};

const shimDir = mkdtempSync(join(tmpdir(), 'dw-parentport-'));
dirs.push(shimDir);
const SHIM = join(shimDir, 'parent-port-shim.cjs');
writeFileSync(
  SHIM,
  `// execArgv reaches the engine's I/O worker threads too: only the main thread gets a port.
if (require('node:worker_threads').isMainThread) {
  const { EventEmitter } = require('node:events');
  const port = new EventEmitter();
  const send = process.send.bind(process);
  port.postMessage = (m) => send(m);
  process.on('message', (data) => port.emit('message', { data, ports: [] }));
  Object.defineProperty(process, 'parentPort', { value: port, enumerable: true });
}
`,
);

const WORKER = resolve('dist/main/engine-worker.js');

/** utilityProcess.fork under Node: no signal in 'exit', pid, postMessage, SIGTERM kill. */
const fakeUtilityProcess = {
  fork(modulePath: string, args: string[], opts: { env: NodeJS.ProcessEnv }) {
    const child = fork(modulePath, args, {
      env: opts.env,
      execArgv: ['--require', SHIM],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const up = Object.assign(new EventEmitter(), {
      get pid() {
        return child.pid;
      },
      postMessage: (m: unknown) => void child.send(m as object),
      kill: () => child.kill('SIGTERM'),
    });
    child.on('spawn', () => up.emit('spawn'));
    child.on('message', (m) => up.emit('message', m));
    child.on('exit', (code) => up.emit('exit', code ?? 1));
    return up;
  },
} as unknown as UtilityForker;

const spawner = utilityProcessSpawner(fakeUtilityProcess, WORKER);

describe('engine through the utilityProcess path (parentPort)', () => {
  it('runs a plan and leaves no files', async () => {
    const target = dir('up-run');
    const doc = await runBench(
      planBench(req(target, { tests: ['dd-write', 'seeker'] })),
      saver(),
      { spawner },
      { signal: new AbortController().signal },
    );
    expect(doc).not.toBeNull();
    expect(doc!.tests.map((t) => [t.testId, t.status])).toEqual([
      ['dd-write', 'ok'],
      ['seeker', 'ok'],
    ]);
    // No queue-depth profile in this run: no note about deep-queue I/O.
    expect(doc!.caveats.join(' ')).not.toContain('deep-queue I/O');
    expect(leftovers(target)).toEqual([]);
  });

  it('a cancel lands and leaves no files', async () => {
    const target = dir('up-cancel');
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 800);
    const doc = await runBench(
      planBench(
        req(target, {
          tests: ['qd-profile'],
          sizes: { ...TINY, file: 32 * 1024 * 1024, qdSeconds: 5 },
        }),
      ),
      saver(),
      { spawner },
      { signal: ac.signal },
    );
    expect(doc).toBeNull();
    expect(leftovers(target)).toEqual([]);
  });

  it('SIGTERM (the app quitting) makes the engine remove the work folder itself', async () => {
    const target = dir('up-quit');
    const { workDir } = prepareWorkDir(checkTargetDir(target), newRunId(), 64 * 1024 * 1024);
    let enginePid = 0;
    const err = await runEngine({
      plan: {
        workDir,
        targetDir: target,
        device: null,
        tests: ['qd-profile'],
        repetitions: 1,
        sizes: { ...TINY, file: 32 * 1024 * 1024, qdSeconds: 10 },
        options: {},
      },
      spawner: () => {
        const child = spawner();
        child.onMessage((m) => {
          const msg = m as { type?: string; pid?: number };
          if (msg.type === 'ready') enginePid = msg.pid ?? 0;
          // Once the run is under way, end the engine the way Electron does at quit.
          if (msg.type === 'progress' && enginePid) {
            process.kill(enginePid, 'SIGTERM');
            enginePid = -1;
          }
        });
        return child;
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // Nobody in this process removed it: the engine did, on its way out.
    expect(leftovers(target)).toEqual([]);
  });
});
