// The backup task's two rows in a prediction, on runs measured by `npm run bench:predict` on real
// loop devices (test/fixtures/predict/backup: the HDD-like and SATA-SSD-like devices, kept to the
// tests the figures and the backup need). The idle probe is work like any task's, replayed at the
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
