// The engine/anchor pairs the fidelity script measures. Each check yields one or more figures per
// round from the engine's own code paths and from the reference tool on the same file or device.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTestFile, makeRandom } from '../io';
import { ioBuffers, readsCompleted, sysBlockDir } from '../io-buffers';
import { bufferedReadMethod } from '../methods/hdparm';
import { runQueue } from '../queue';
import { fileOps } from '../tests/bonnie-files';
import { ddWrite } from '../tests/dd-write';
import { runBonnieFiles, runDd, runDdRead, runFio, runHdparmT } from './anchors';
import { withFreshFs } from './fresh-fs';
import { removeTree } from '../../core/safe-remove';

export interface Figure {
  id: string;
  label: string;
  unit: string;
  /** Minimum engine/anchor ratio; null = shown for information only. */
  target: number | null;
  /** Maximum ratio (two-sided targets: faster than fio is as wrong as slower). */
  max?: number;
}

export interface Check {
  name: string;
  anchorName: string;
  figures: Figure[];
  /**
   * Device read requests per I/O seen during each engine and anchor sample (large requests only):
   * tells whether a side's requests were split on the way to the drive.
   */
  requests?: { engine: number[]; anchor: number[] };
  engine(): Promise<(number | null)[]>;
  anchor(): Promise<(number | null)[]>;
}

export interface CheckEnv {
  file: string;
  sizeBytes: number;
  seconds: number;
  workDir: string;
  /** Read-only loop device over `file` (root only), for hdparm -t. */
  loopDevice: string | null;
  files1024: number;
  /** Each file-phase run on a fresh ext4 of its own (root, mkfs.ext4 and losetup available). */
  freshFs: boolean;
  /**
   * Huge pages for both sides (--huge-pages: engine option + fio --mem=shmhuge); default is fio's
   * default memory against the engine's ordinary buffers.
   */
  fioHugeMem: boolean;
  ddBytes: number;
}

const MiB = 1024 * 1024;

function queueCheck(
  env: CheckEnv,
  id: string,
  label: string,
  p: { op: 'read' | 'write'; pattern: 'seq' | 'rnd'; bs: number; qd: number },
  target: number | null,
  max?: number,
): Check {
  const useIops = p.pattern === 'rnd';
  const rw = (p.pattern === 'rnd' ? 'rand' : '') + p.op;
  const requests = { engine: [] as number[], anchor: [] as number[] };
  // Reads of large blocks only: writes and 4K requests are never split by the segment limit.
  const watch = p.op === 'read' && p.bs >= MiB ? readCounter(env.file) : null;
  const counted = async <T>(side: number[], ios: (r: T) => number, f: () => Promise<T>) => {
    const before = watch?.();
    const r = await f();
    const after = watch?.();
    if (before !== undefined && after !== undefined && ios(r) > 0)
      side.push((after - before) / ios(r));
    return r;
  };
  return {
    name: label,
    ...(watch ? { requests } : {}),
    anchorName: `fio --ioengine=${p.qd > 1 ? 'libaio' : 'psync'} --iodepth=${p.qd} --direct=1`,
    figures: [{ id, label, unit: useIops ? 'IOPS' : 'KiB/s', target, ...(max ? { max } : {}) }],
    async engine() {
      const { fd, direct } = openTestFile(env.file, 'rw');
      try {
        // As qd-profile does: buffers whose requests reach the drive whole.
        const buffers = ioBuffers(p.bs, p.qd, { fd, size: env.sizeBytes, direct });
        const r = await counted(
          requests.engine,
          (q) => q.ops,
          () =>
            runQueue({
              buffers,
              fd,
              op: p.op,
              bs: p.bs,
              qd: p.qd,
              seconds: env.seconds,
              pattern: p.pattern,
              fileSize: env.sizeBytes,
              fill: (b) => b.fill(0x5a),
            }),
        );
        return [useIops ? r.ops / r.seconds : (r.ops * p.bs) / 1024 / r.seconds];
      } finally {
        closeSync(fd);
      }
    },
    async anchor() {
      const f = await counted(
        requests.anchor,
        (x) => Math.round((x.bw * 1024 * env.seconds) / p.bs),
        () =>
          runFio({
            file: env.file,
            rw: rw as 'read',
            bs: p.bs >= MiB ? `${p.bs / MiB}M` : `${p.bs / 1024}k`,
            qd: p.qd,
            seconds: env.seconds,
            sizeBytes: env.sizeBytes,
            hugeMem: env.fioHugeMem,
          }),
      );
      return [useIops ? f.iops : f.bw];
    },
  };
}

/** Completed reads of the block device under `file`, or null where there is none to watch. */
function readCounter(file: string): (() => number) | null {
  const fd = openSync(file, 'r');
  let dir: string | null;
  try {
    dir = sysBlockDir(fd);
  } finally {
    closeSync(fd);
  }
  return dir ? () => readsCompleted(dir) : null;
}

export function buildChecks(env: CheckEnv): Check[] {
  const checks: Check[] = [
    queueCheck(
      env,
      'seq-read-q1',
      'SEQ 1M Q1 read',
      { op: 'read', pattern: 'seq', bs: MiB, qd: 1 },
      0.95,
      1.05,
    ),
    queueCheck(
      env,
      'seq-write-q1',
      'SEQ 1M Q1 write',
      { op: 'write', pattern: 'seq', bs: MiB, qd: 1 },
      0.95,
      1.05,
    ),
    queueCheck(
      env,
      'seq-read-q8',
      'SEQ 1M Q8 read',
      { op: 'read', pattern: 'seq', bs: MiB, qd: 8 },
      0.95,
      1.05,
    ),
    queueCheck(
      env,
      'seq-write-q8',
      'SEQ 1M Q8 write',
      { op: 'write', pattern: 'seq', bs: MiB, qd: 8 },
      0.95,
      1.05,
    ),
    queueCheck(
      env,
      'rnd-read-q1',
      'RND 4K Q1 read',
      { op: 'read', pattern: 'rnd', bs: 4096, qd: 1 },
      0.95,
    ),
    queueCheck(
      env,
      'rnd-read-q32',
      'RND 4K Q32 read',
      { op: 'read', pattern: 'rnd', bs: 4096, qd: 32 },
      0.92,
    ),
    queueCheck(
      env,
      'rnd-write-q1',
      'RND 4K Q1 write',
      { op: 'write', pattern: 'rnd', bs: 4096, qd: 1 },
      0.95,
    ),
    queueCheck(
      env,
      'rnd-write-q32',
      'RND 4K Q32 write',
      { op: 'write', pattern: 'rnd', bs: 4096, qd: 32 },
      null,
    ),
    ddCheck(env),
    filesCheck(env),
  ];
  if (env.loopDevice) {
    const dev = env.loopDevice;
    checks.push(
      loopReadCheck(env, dev, {
        name: `buffered disk reads on ${dev}`,
        anchorName: `hdparm -t ${dev}`,
        figure: { id: 'buffered-read', label: 'buffered disk reads (loop)', target: 0.95 },
        run: () => runHdparmT(dev),
      }),
      loopReadCheck(env, dev, {
        name: `buffered disk reads on ${dev} (vs dd)`,
        anchorName: `dd if=${dev} of=/dev/null bs=2M`,
        figure: { id: 'buffered-read-dd', label: 'buffered reads (loop) vs dd', target: null },
        run: () => runDdRead(dev, env.sizeBytes),
      }),
    );
  }
  return checks;
}

function ddCheck(env: CheckEnv): Check {
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

function filesCheck(env: CheckEnv): Check {
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
function loopReadCheck(
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
