// The engine/anchor pairs the fidelity script measures. Each check yields one or more figures per
// round from the engine's own code paths and from the reference tool on the same file or device.
import { MiB, type Check, type CheckEnv } from './check-types';
import { queueCheck } from './queue-check';
import { ddCheck, filesCheck, loopReadCheck } from './tool-checks';
import { runDdRead, runHdparmT } from './anchors';

export type { Check, CheckEnv } from './check-types';

export function buildChecks(env: CheckEnv): Check[] {
  return [...queueChecks(env), ddCheck(env), filesCheck(env), ...loopChecks(env)];
}

/** fio's queue-depth shapes: SEQ 1M and RND 4K at QD1 and a deep queue, read and write. */
function queueChecks(env: CheckEnv): Check[] {
  return [
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
  ];
}

/** hdparm -t and dd on the read-only loop device, when there is one (root, losetup, hdparm). */
function loopChecks(env: CheckEnv): Check[] {
  if (!env.loopDevice) return [];
  const dev = env.loopDevice;
  return [
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
  ];
}
