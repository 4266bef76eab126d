import { describe, expect, it } from 'vitest';
import { predict } from '../../../../src/shared/prediction';
import { computeVerdict } from '../../../../src/shared/verdict';
import { realisticPair } from './realistic-runs';

describe('a full engine-style pair: 7200 rpm → SATA SSD on a 6 Gb/s port', () => {
  const { before, after } = realisticPair();
  const v = computeVerdict(before, after);

  it('is worth it, with random access and file creation as big wins', () => {
    if (process.env.DW_PRINT)
      console.log(
        JSON.stringify(
          v.findings.map((f) => f.title),
          null,
          1,
        ),
        v.recommendation,
        v.totals,
        v.money,
      );
    expect(v.recommendation.level).toBe('worth-it');
    expect(v.bigWins).toEqual(
      expect.arrayContaining(['random access', 'Disk search (du -skx /usr)']),
    );
    expect(v.findings.map((f) => f.kind)).toEqual(
      expect.arrayContaining(['link-ceiling', 'comparability', 'cpu-bound']),
    );
    expect(v.findings.find((f) => f.kind === 'comparability')!.detail).toMatch(
      /kernel: 6\.1\.0-27-amd64 → 6\.1\.0-28-amd64/,
    );
    // The gzip unpack spends 62 % of its time on the CPU: CPU-bound finding.
    expect(v.findings.find((f) => f.kind === 'cpu-bound')!.title).toMatch(
      /^Unpack a kernel tarball/,
    );
  });

  it('cached reads stay inside the noise', () => {
    expect(v.comparisons.find((c) => c.metric === 'cached_read')!.excluded?.kind).toBe(
      'memory-speed',
    );
  });

  it('the prediction for a SATA SSD is close to what was measured', () => {
    const p = predict(before, { preset: 'sata-ssd' }, after);
    for (const t of p.tasks) expect(Math.abs(t.error!)).toBeLessThan(0.5);
  });
});
