// The lean guard of `npm run bench:predict`: the four runs it measured on real loop devices
// (test/fixtures/predict: HDD-like, unthrottled, SATA-SSD-like, 5400 rpm-like, each the quick
// profile and the backup task with a Chromium copy on the device; the round of 2026-12-07, whose
// starts were also timed with their profile in memory) scored again as its three pairs. The bench measures
// afresh; this keeps the model from drifting away from what it reached on them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { predict } from '../../../../src/shared/prediction';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';

const run = (name: string): RunDocument =>
  runDocument.parse(
    JSON.parse(readFileSync(join(__dirname, '../../../fixtures/predict', `${name}.json`), 'utf8')),
  );

const PAIRS: [string, string][] = [
  ['hdd', 'fast'],
  ['hdd', 'ssd'],
  ['hdd5400', 'hdd'],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The backup's reads during its copy: no figure of the new drive measures them (published basis). */
const duringCopy = (t: { testId: string; basis: string }) =>
  t.testId === 'task.backup-load' && t.basis === 'published';

describe('prediction from this machine on three pairs of loop devices', () => {
  const rows = PAIRS.flatMap(([b, a]) => {
    const before = run(b);
    const after = run(a);
    const own = predict(before, { preset: 'sata-ssd' }, after, { targetRun: after });
    const preset = predict(before, { preset: 'sata-ssd' }, after);
    return own.tasks
      .map((t, i) => ({ pair: `${b} → ${a}`, t, preset: preset.tasks[i]! }))
      .filter((r) => !duringCopy(r.t));
  });

  it('keeps the backup’s reads during its copy on the published basis, saying why', () => {
    const b = predict(run('hdd'), { preset: 'sata-ssd' }, run('fast'), { targetRun: run('fast') });
    const copy = b.tasks.filter(duringCopy);
    expect(copy).toHaveLength(1);
    expect(copy[0]!.basisNote).toMatch(/small reads waiting behind a copy/);
  });

  it('predicts every felt task and app start from this machine, within the bounds', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const r of rows) {
      expect(r.t.basis, r.t.title).toBe('this-machine');
      expect(r.t.measuredSeconds, r.t.title).not.toBeNull();
    }
    expect(rows.filter((r) => r.t.key.includes('chromium'))).toHaveLength(3);
    const err = (p: (typeof rows)[number]['t']) =>
      Math.abs(p.predictedSeconds - p.measuredSeconds!) / p.measuredSeconds!;
    console.log(
      rows
        .map(
          (r) =>
            `${r.pair.padEnd(14)} ${r.t.title.slice(0, 40).padEnd(40)} ${r.t.measuredSeconds} s measured; ${r.t.predictedSeconds} s (${r.t.predictedLowSeconds}–${r.t.predictedHighSeconds}) ${Math.round(err(r.t) * 100)} %; sata-ssd preset ${Math.round(err(r.preset) * 100)} %`,
        )
        .join('\n'),
    );
    expect(median(rows.map((r) => err(r.t)))).toBeLessThanOrEqual(0.15);
    // Issue 36 asks for every measured time inside its range. hdd → fast's unpack (1.043 s) was
    // outside its top (1.018 s) until a flush's page cache work at the new drive's dd rate was
    // added above it (1.157 s); Chromium's start there (1.6 s in this round, 1.7-2.2 s in others)
    // was predicted under its warm start's floor until that floor was timed with its profile in
    // memory. This guard holds all 15 inside (the backup's idle probe included).
    const outside = rows.filter((r) => !r.t.measuredInside).map((r) => `${r.pair} ${r.t.title}`);
    console.log(`outside their range: ${outside.length} of ${rows.length} (${outside.join('; ')})`);
    expect(outside).toEqual([]);
    const width = median(rows.map((r) => r.t.predictedHighSeconds / r.t.predictedLowSeconds));
    console.log(
      `median |error| ${median(rows.map((r) => err(r.t))).toFixed(3)}, width ×${width.toFixed(2)}`,
    );
    expect(width).toBeLessThanOrEqual(1.6);
  });

  it('shows as best possible what no drive beats, never more than the prediction', () => {
    // The warm run on the old drive still waits on it (an unpack's flush: 6.2 s on the HDD-like
    // loop), so it was shown as "best possible" beside a 1.0 s prediction.
    for (const r of rows) {
      expect(r.t.floorSeconds, `${r.pair} ${r.t.title}`).toBeLessThanOrEqual(r.t.predictedSeconds);
      expect(r.t.floorSeconds, `${r.pair} ${r.t.title}`).toBeGreaterThan(0);
    }
    const unpack = rows.find((r) => r.pair === 'hdd → fast' && r.t.testId === 'task.unpack')!;
    expect(unpack.t.warmSeconds!).toBeGreaterThan(unpack.t.predictedSeconds * 3);
  });
});
