// Queue-depth figures (SEQ 1M, RND 4K at QD1/8/32): the engine's runQueue against fio with its
// default options on the same file.
import { randomFillSync } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { openTestFile } from '../../src/main/engine/methods/io';
import { ioBuffers, readsCompleted, sysBlockDir } from '../../src/main/engine/methods/io-buffers';
import { runQueue } from '../../src/main/engine/worker/queue';
import { runFio } from './anchors';
import { MiB, type Check, type CheckEnv } from './check-types';
import { engineRunsPerMiB, sampleFio } from './layout';

export function queueCheck(
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
  const layout = { engine: [] as number[], anchor: [] as number[] };
  const large = p.bs >= 256 * 1024;
  const keep = (side: number[], x: number | null): void => void (x !== null && side.push(x));
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
    ...(large ? { layout } : {}),
    anchorName: `fio --ioengine=${p.qd > 1 ? 'libaio' : 'psync'} --iodepth=${p.qd} --direct=1`,
    figures: [{ id, label, unit: useIops ? 'IOPS' : 'KiB/s', target, ...(max ? { max } : {}) }],
    async engine() {
      const { fd, direct } = openTestFile(env.file, 'rw');
      try {
        // As qd-profile does: buffers whose requests reach the drive whole.
        const buffers = ioBuffers(p.bs, p.qd, { fd, size: env.sizeBytes, direct });
        if (large) keep(layout.engine, engineRunsPerMiB(buffers));
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
              // As qd-profile does: incompressible data (fio writes random buffers too).
              fill: (b) => randomFillSync(b),
            }),
        );
        return [useIops ? r.ops / r.seconds : (r.ops * p.bs) / 1024 / r.seconds];
      } finally {
        closeSync(fd);
      }
    },
    async anchor() {
      let sampled: Promise<number | null> = Promise.resolve(null);
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
            ...(large ? { onSpawn: (pid) => (sampled = sampleFio(pid, p.bs * p.qd)) } : {}),
          }),
      );
      keep(layout.anchor, await sampled);
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
