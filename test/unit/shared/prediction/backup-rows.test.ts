// The backup task's two rows in a prediction, on runs measured by `npm run bench:predict` on real
// loop devices (test/fixtures/predict/backup: the HDD-like, SATA-SSD-like and unthrottled devices of
// one round, 2026-12-07, kept to the tests the figures and the backup need). The idle probe is work like any task's, replayed at the
// new drive; the probe beside the copy is not, and says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { predict } from '../../../../src/shared/prediction';
import { basisLine } from '../../../../src/shared/prediction/basis';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';

const run = (name: string): RunDocument =>
  runDocument.parse(
    JSON.parse(
      readFileSync(join(__dirname, '../../../fixtures/predict/backup', `${name}.json`), 'utf8'),
    ),
  );

const rowsOf = (tasks: ReturnType<typeof predict>['tasks']) => {
  const backup = tasks.filter((t) => t.testId === 'task.backup-load');
  expect(backup).toHaveLength(2);
  return {
    idle: backup.find((t) => t.key.includes('idle'))!,
    loaded: backup.find((t) => !t.key.includes('idle'))!,
  };
};

describe('the backup task in a prediction', () => {
  const hdd = run('hdd');
  const ssd = run('ssd');
  const fast = run('fast');

  it('predicts the idle probe from this machine, inside what the new drive measured', () => {
    const { idle } = rowsOf(predict(hdd, { preset: 'sata-ssd' }, ssd, { targetRun: ssd }).tasks);
    expect(idle.basis).toBe('this-machine');
    // Measured: 6.9 s on the HDD-like device, 0.205 s on the SATA-SSD-like one.
    expect(idle.beforeSeconds.median).toBeGreaterThan(6);
    expect(idle.measuredSeconds).toBeLessThan(0.3);
    expect(idle.warmSeconds).toBeGreaterThan(6);
    // Within a factor of 1.5 of what was measured, not the HDD's time nor nothing.
    expect(idle.predictedSeconds).toBeGreaterThan(idle.measuredSeconds! / 1.5);
    expect(idle.predictedSeconds).toBeLessThan(idle.measuredSeconds! * 1.5);
    expect(basisLine(idle)).toMatch(/from this machine's own measurement$/);
  });

  it('predicts it on an unthrottled drive from the opens between its reads, not from its CPU', () => {
    // Each direct read on the HDD-like device cost the probe's thread a sleep and a wake-up: 0.10-0.13
    // s of CPU there, more than the whole probe took on the unthrottled device (66-97 ms). What it
    // timed of its reads (waitSeconds) leaves the opens between them as what no drive changes.
    const { idle } = rowsOf(predict(hdd, { preset: 'sata-ssd' }, fast, { targetRun: fast }).tasks);
    expect(idle.basis).toBe('this-machine');
    expect(idle.measuredSeconds).toBeLessThan(0.1);
    expect(idle.predictedSeconds).toBeLessThan(idle.measuredSeconds! * 1.3);
    expect(idle.predictedSeconds).toBeGreaterThan(idle.measuredSeconds! / 1.3);
    expect(idle.measuredInside).toBe(true);
    expect(idle.predictedLowSeconds).toBeLessThan(idle.measuredSeconds!);
    expect(idle.predictedHighSeconds).toBeGreaterThanOrEqual(idle.measuredSeconds!);
    // Without the waits it timed (runs from before they were kept), its CPU is the floor.
    const w = (r: RunDocument): RunDocument => ({
      ...r,
      tests: r.tests.map((t) => ({
        ...t,
        work: t.work?.map((k) => ({
          ...k,
          cold: k.cold.map(({ waitSeconds: _c, ...x }) => x),
          warm: k.warm.map(({ waitSeconds: _w, ...x }) => x),
        })),
      })),
    });
    const old = rowsOf(predict(w(hdd), { preset: 'sata-ssd' }, fast, { targetRun: fast }).tasks);
    expect(old.idle.predictedLowSeconds).toBeGreaterThan(idle.measuredSeconds!);
  });

  it('leaves the probe during the copy to the published basis, saying why', () => {
    for (const p of [
      predict(hdd, { preset: 'sata-ssd' }, ssd, { targetRun: ssd }),
      predict(hdd, { preset: 'sata-ssd' }),
    ]) {
      const { idle, loaded } = rowsOf(p.tasks);
      expect(loaded.basis).toBe('published');
      // The runs were recorded with an earlier wording of the same reason.
      expect(loaded.basisNote).toMatch(/small reads .*behind a copy/);
      expect(basisLine(loaded)).toMatch(/from published HDD → SSD upgrades \(its time is /);
      // A preset is figures as much as a measured drive is: the idle probe is replayed at them.
      expect(idle.basis).toBe('this-machine');
    }
  });
});
