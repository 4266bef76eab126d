// A/A with a busy before-run, as on a real machine: the same ext4 loop device measured twice by
// the real engine, the first time beside another program (a random reader/writer on the same
// filesystem, or one busy loop per core), the second time quiet. The verdict must not credit the
// "drive" with the difference: "No measurable difference" or "cannot be compared", the busy
// phases named, no finding above info, no time saved.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeVerdict, NO_DIFFERENCE_HEADLINE } from '../../../src/shared/verdict';
import { formatVerdict } from '../../../src/main/verdict/text';
import { otherProgram, stopPrograms } from '../other-program';
import { quickIn } from './quick-run';
import {
  ext4Loop,
  HDD_LIKE,
  splitLargeRequests,
  throttleDevice,
  throttleUnavailable,
  type Limits,
} from './loop';

const skip = throttleUnavailable();
if (skip) console.log(`disturbed A/A skipped: ${skip}`);
const config = mkdtempSync('/tmp/dw-disturbed-cfg-');
afterAll(() => rmSync(config, { recursive: true, force: true }));

const MiB = 1024 * 1024;
// A short custom plan of the quick profile's own tests: every kind of figure, in seconds. The
// seeker and queue-depth phases at quick's own lengths: each test is one phase of the conditions
// record, so a shorter phase inside it is as busy (twice as long, they cost 100 s of the suite).
const REQ = {
  profile: 'custom' as const,
  tests: ['buffered-read', 'seeker', 'dd-write', 'iozone', 'qd-profile', 'task.du'],
  sizes: {
    file: 64 * MiB,
    dd: 64 * MiB,
    iozone: 16 * MiB,
    seekerSeconds: 1.5,
    qdSeconds: 0.5,
    'task.workloadFiles': 2000,
  },
};

type Disturber = (mnt: string) => ChildProcess[];

const ioDisturber: Disturber = (mnt) => [otherProgram(join(mnt, 'other-program.bin'))];

const cpuDisturber: Disturber = () =>
  Array.from({ length: availableParallelism() }, () =>
    spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }),
  );

/** Kills the other programs and waits until each has gone (its files can then be removed). */
const stop = (ps: ChildProcess[]): Promise<void> => stopPrograms(ps.splice(0));

async function disturbedPair(name: string, disturb: Disturber, limits: Limits | null) {
  const disk = ext4Loop(2048, { inMemory: limits === null });
  const unsplit = limits ? splitLargeRequests(disk.dev) : null;
  const throttle = limits ? throttleDevice(disk.majMin, limits) : null;
  const others: ChildProcess[] = [];
  try {
    if (limits) throttle!.add(process.pid);
    mkdirSync(join(disk.mnt, 'a'));
    mkdirSync(join(disk.mnt, 'b'));
    others.push(...disturb(disk.mnt));
    const before = await quickIn(`${name} busy`, join(disk.mnt, 'a'), config, REQ);
    await stop(others);
    rmSync(join(disk.mnt, 'other-program.bin'), { force: true });
    const after = await quickIn(`${name} quiet`, join(disk.mnt, 'b'), config, REQ);
    return computeVerdict(before.doc, after.doc);
  } finally {
    await stop(others);
    throttle?.remove();
    unsplit?.();
    disk.dispose();
  }
}

describe.skipIf(skip !== null)('A/A with a busy before-run', () => {
  const cases: [string, Disturber, Limits | null][] = [
    ['random reader/writer, unthrottled', ioDisturber, null],
    ['random reader/writer, HDD-like', ioDisturber, HDD_LIKE],
    ['a busy loop per core, unthrottled', cpuDisturber, null],
    // The fourth corner of the acceptance, measured once (DW_DISTURBED_ALL=1) and not in the
    // suite: the CPU hog's phases read busy from the CPU counters alone, which the unthrottled
    // case already exercises; the throttle changes only the I/O side.
    ...(process.env['DW_DISTURBED_ALL'] === '1'
      ? [['a busy loop per core, HDD-like', cpuDisturber, HDD_LIKE] as [string, Disturber, Limits]]
      : []),
  ];
  it.each(cases)(
    '%s: no difference or cannot be compared, the busy phases named, nothing saved',
    async (name, disturb, limits) => {
      const v = await disturbedPair(name, disturb, limits);
      console.log(`${name}:\n${formatVerdict(v)}`);
      expect([
        NO_DIFFERENCE_HEADLINE,
        expect.stringMatching(/^These runs cannot be compared/),
      ]).toContainEqual(v.recommendation.headline);
      expect(v.noise.disturbed).toBeGreaterThan(0);
      const named = v.findings.find((f) => f.kind === 'disturbed')!;
      expect(named.detail).toMatch(/^Before: /);
      expect(named.detail).not.toMatch(/After: /);
      // An unthrottled loop here lives in memory: a figure above the memory copy rate is rightly
      // named "not the drive" (CI once read SEQ1M Q8 at 12,027 MB/s against a 11,809 probe).
      const inMemory = (k: string) => limits === null && k === 'cache-suspected';
      expect(v.findings.filter((f) => f.severity !== 'info' && !inMemory(f.kind))).toEqual([]);
      expect(v.totals.savedPerDaySeconds).toBe(0);
      expect(v.bigWins).toEqual([]);
    },
    600_000,
  );
});
