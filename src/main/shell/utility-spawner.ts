// The app runs the benchmark engine as an Electron utilityProcess (the CLI, web host and tests
// fork it with child_process). `utilityProcess` is passed in so this runs under plain Node in tests.
import type { utilityProcess as UtilityProcessApi } from 'electron';
import { ENGINE_ENV, type EngineChild, type EngineSpawner } from '../engine/host/client';
import type { ToEngine } from '../engine/protocol';
import { jsonWire } from '../engine/transport';

export type UtilityForker = Pick<typeof UtilityProcessApi, 'fork'>;

export function utilityProcessSpawner(
  utilityProcess: UtilityForker,
  workerPath: string,
): EngineSpawner {
  return (): EngineChild => {
    const child = utilityProcess.fork(workerPath, [], {
      env: { ...process.env, ...ENGINE_ENV },
      serviceName: 'Drivewise engine',
      stdio: 'inherit',
    });
    let spawned = false;
    let alive = true;
    // Electron queues early postMessage calls itself; holding them until 'spawn' keeps that an
    // explicit guarantee rather than an implementation detail.
    const pending: unknown[] = [];
    child.once('spawn', () => {
      spawned = true;
      if (alive) for (const m of pending.splice(0)) child.postMessage(m);
    });
    // Registered before any onExit listener, so those already see the child as gone.
    child.once('exit', () => {
      alive = false;
      pending.length = 0;
    });
    return {
      send: (m: ToEngine) => {
        if (!alive) return;
        // Same wire shape as fork's JSON serialization, not structured clone.
        const wire = jsonWire(m);
        if (spawned) child.postMessage(wire);
        else pending.push(wire);
      },
      onMessage: (fn) => void child.on('message', (msg: unknown) => fn(msg)),
      // A utilityProcess reports only an exit code, never the signal.
      onExit: (fn) => void child.on('exit', (code: number) => fn(code, null)),
      kill: () => {
        if (!alive) return;
        // child.kill() is a SIGTERM, which the engine answers by cleaning up (engine/transport.ts)
        // and which waits for a busy event loop: the hard stop is a SIGKILL, like the fork path.
        const pid = child.pid;
        if (pid !== undefined) {
          try {
            process.kill(pid, 'SIGKILL');
            return;
          } catch {
            /* already gone, or not ours: fall back to Electron's own kill */
          }
        }
        child.kill();
      },
    };
  };
}
