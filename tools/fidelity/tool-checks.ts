// dd, bonnie++ file phases and hdparm -t: the engine's methods against the classic tools.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRandom } from '../../src/main/engine/methods/io';
import { bufferedReadMethod } from '../../src/main/engine/methods/hdparm';
import { fileOps } from '../../src/main/engine/worker/benchmarks/bonnie-files';
import { ddWrite } from '../../src/main/engine/worker/benchmarks/dd-write';
import { runBonnieFiles, runDd } from './anchors';
import { withFreshFs } from './fresh-fs';
import { removeTree } from '../../src/main/core/safe-remove';
import type { Check, CheckEnv, Figure } from './check-types';

export function ddCheck(env: CheckEnv): Check {
  return {
    name: 'dd bs=8k + sync',
    anchorName: 'dd if=/dev/zero bs=8k conv=fsync',
    figures: [{ id: 'dd-write', label: 'dd write incl. sync', unit: 'MB/s', target: null }],
    async engine() {
      const r = await ddWrite.run({
        workDir: env.workDir,
        targetDir: env.workDir,
        device: null,
        signal: new AbortController().signal,
        repetitions: 1,
        sizes: { dd: env.ddBytes },
        privileged: null,
        progress: () => {},
        options: {},
      });
      return [r.measurements[0]!.median];
    },
    async anchor() {
      const f = join(env.workDir, 'dd-anchor');
      try {
        return [await runDd(f, env.ddBytes)];
      } finally {
        rmSync(f, { force: true });
      }
    },
  };
}

const FILE_PHASES = ['seq_create', 'seq_delete', 'random_create', 'random_delete'] as const;

export function filesCheck(env: CheckEnv): Check {
  const n = env.files1024 * 1024;
  // Both sides start from the same state: a new filesystem each run, else the shared work dir.
  const inDir = <T>(f: (dir: string) => Promise<T>): Promise<T> =>
    env.freshFs ? withFreshFs(env.workDir, n + 4096, f) : f(env.workDir);
  return {
    name: `file create/delete (-n ${env.files1024})`,
    anchorName: `bonnie++ -s 0 -n ${env.files1024}`,
    figures: FILE_PHASES.map((id) => ({
      id,
      label: id.replace('_', ' '),
      unit: 'files/s',
      target: 0.9,
    })),
    engine: () =>
      inDir(async (root) => {
        const random = makeRandom();
        const out: Record<string, number> = {};
        for (const order of ['seq', 'random'] as const) {
          const dir = join(root, `files-${order}`);
          mkdirSync(dir);
          try {
            const t = await fileOps(
              dir,
              order,
              n,
              random,
              { signal: new AbortController().signal },
              () => () => {},
            );
            out[`${order}_create`] = n / t.create;
            out[`${order}_delete`] = n / t.delete;
          } finally {
            removeTree(dir, { within: env.workDir });
          }
        }
        return FILE_PHASES.map((id) => out[id] ?? null);
      }),
    anchor: () =>
      inDir(async (root) => {
        const r = await runBonnieFiles(root, env.files1024);
        return FILE_PHASES.map((id) => r[id]);
      }),
  };
}

/** hdparm -t starts with BLKFLSBUF on the device; the engine side gets the same clean start. */
function flushDevice(dev: string): void {
  try {
    execFileSync('blockdev', ['--flushbufs', dev], { stdio: 'ignore' });
    writeFileSync('/proc/sys/vm/drop_caches', '3');
  } catch {
    /* not root: the loop check is only built as root */
  }
}

/**
 * The hdparm -t method on the loop device against a buffered reader of the same device: hdparm -t
 * itself (the target) and, for information, dd bs=2M. On this VM hdparm spent 96% of its run in
 * copy_to_user and read 0.5–1 GB/s where dd read the same device the same way at 2.7–2.9 GB/s.
 */
export function loopReadCheck(
  env: CheckEnv,
  dev: string,
  a: {
    name: string;
    anchorName: string;
    figure: Omit<Figure, 'unit'>;
    /** The anchor's MiB/s. */
    run: () => Promise<number>;
  },
): Check {
  return {
    name: a.name,
    anchorName: a.anchorName,
    figures: [{ ...a.figure, unit: 'MiB/s' }],
    async engine() {
      flushDevice(dev);
      // Read-only open of the (read-only) loop device, exactly as the root helper does.
      const fd = openSync(dev, 'r');
      try {
        return [(await bufferedReadMethod(fd, env.sizeBytes, { seconds: 3 })).mibPerSec];
      } finally {
        closeSync(fd);
      }
    },
    async anchor() {
      flushDevice(dev);
      return [await a.run()];
    },
  };
}
