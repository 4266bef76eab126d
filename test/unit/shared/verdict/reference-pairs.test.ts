// The same seed pairs as shipped in src/shared/reference (the importers' reading of the seeds):
// the verdict must reach the seeds' conclusions from that data too.
import { describe, expect, it } from 'vitest';
import { referenceRuns } from '../../../../src/shared/reference';
import { computeVerdict } from '../../../../src/shared/verdict';

const refs = referenceRuns();

describe('verdict on the shipped reference runs', () => {
  it('lists the reference ids (for the record)', () => {
    if (process.env.DW_PRINT)
      console.log(
        refs
          .map((r) => `${r.id}: ${r.name} [${r.tests.map((t) => t.testId).join(',')}]`)
          .join('\n'),
      );
    expect(refs.length).toBeGreaterThan(3);
  });

  const pair = (a: string, b: string) => {
    const before = refs.find((r) => r.id === a);
    const after = refs.find((r) => r.id === b);
    if (!before || !after) throw new Error(`reference ${a} or ${b} is gone`);
    return computeVerdict(before, after);
  };

  it('seed 000: random access, file creation and du are the big wins; the VM install inside the noise floor', () => {
    const v = pair('ref-lj-x200s-fujitsu-mhz2160b', 'ref-lj-x200s-intel-320');
    if (process.env.DW_PRINT) console.log(v.bigWins, v.smallGains, v.recommendation);
    expect(v.bigWins).toEqual(expect.arrayContaining(['random access', 'file creation']));
    expect(v.bigWins.some((w) => /\bdu\b/.test(w))).toBe(true);
    // 667 s → 632 s, one stopwatch timing each: 5 % is inside the 10 % single-figure floor.
    expect(v.smallGains).toHaveLength(0);
    const vm = v.tasks.find((t) => t.testId === 'task.vm-install')!;
    expect(vm.savedPerOccurrence).toBe(35);
    expect(vm.outcome).toBe('no-difference');
  });

  it('seed 004: the published HDD → SSD pair is a measurable win with overlapping cached reads', () => {
    const v = pair('ref-blog-laptop-hdd', 'ref-blog-samsung-512gb-ssd');
    expect(v.comparisons.find((c) => c.metric === 'cached_read')?.excluded?.kind).toBe(
      'memory-speed',
    );
    expect(v.comparisons.find((c) => c.metric === 'buffered_read')?.outcome).toBe('faster');
  });
});
