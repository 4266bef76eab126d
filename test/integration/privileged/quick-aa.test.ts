// Issue 15/16: A/A on the HDD-like device. The quick profile run twice on the same throttled ext4
// loop device (150 IOPS, 120 MB/s, cgroup blkio; image in memory, see ext4Loop): both runs keep
// the ±25 % pre-run estimate, the pair is never a win; the 150 s budget and the share of figures
// inside their noise floor are printed (aims: ≤ 150 s, ≥ 95 %).
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../../src/shared/schemas/run';
import { computeVerdict } from '../../../src/shared/verdict';
import { tempDir } from '../engine/helpers';
import { HDD_LIKE, throttleUnavailable } from './loop';
import { GUARD, quickOnLoop } from './quick-run';

const skip = throttleUnavailable();
if (skip) console.log(`quick A/A skipped: ${skip}`);
// Made only when the tests run: a skipped file left an empty folder in /tmp each time.
const config = skip ? '' : tempDir('aa-cfg');
afterAll(() => void (config && rmSync(config, { recursive: true, force: true })));

describe.skipIf(skip !== null)('quick A/A on the HDD-like device', () => {
  it('two quick runs on one throttled device: budget, estimate, never a win (share printed)', async () => {
    const [a, b] = await quickOnLoop('HDD-like A/A', HDD_LIKE, config, 2, { inMemory: true });
    const v = computeVerdict(a!.doc, b!.doc);
    const outside = v.comparisons.filter((c) => c.outcome === 'faster' || c.outcome === 'slower');
    const values = (doc: RunDocument, key: string) => {
      const test = key.split(':')[0];
      const m = doc.tests
        .find((t) => t.testId === test)
        ?.measurements.find(
          (x) =>
            key.startsWith(`${test}:${x.metric}`) &&
            Object.entries(x.params ?? {}).every(([k, val]) => key.includes(`${k}=${val}`)),
        );
      return m?.samples.map((y) => (y === null ? '-' : y.toPrecision(3))).join('/');
    };
    console.log(
      `quick A/A: ${v.noise.noDifference}/${v.noise.judged} inside their floor; outside:\n${
        outside
          .map(
            (c) =>
              `  ${c.key} ${c.speedup?.toFixed(2)}× (${values(a!.doc, c.key)} → ${values(b!.doc, c.key)})`,
          )
          .join('\n') || 'none'
      }`,
    );
    for (const r of [a!, b!]) {
      // The 150 s budget is time-budget.test.ts's, one run on a fresh device. Back to back here, a
      // run sometimes waits 7-14 s longer in its cache flushes (buffered reads 16.4 s instead of
      // 9.4 s, the unpack 18.3 s instead of 4.3 s) with the same bytes and requests on the device:
      // 136-175 s. Printed against 150 s and ±25 %; asserted only as GUARD (no phase hung).
      const err = Math.abs(r.estimate - r.actual) / r.actual;
      console.log(
        `budget: ${r.actual.toFixed(1)} s of 150 s${r.actual > 150 ? ' (OVER)' : ''}, estimate error ${(err * 100).toFixed(0)} % (aim ±25 %)`,
      );
      expect(r.actual).toBeLessThanOrEqual(GUARD.seconds);
      expect(err).toBeLessThanOrEqual(GUARD.estimateError);
    }
    // The 95 % bar is printed, not asserted. Measured with quick's figure set: 54/57 at load 2–3
    // (outside: iozone rewrite 64k and the two p50 latencies), 48/57, 41/57, 40/57 at load 6–12.
    // Outside were run-level shifts, stable within each run (SEQ 1M Q1 107–111 → 80/80/80 IOPS,
    // see largeIo below: how many requests each 1 MiB I/O became, which blkio counts against its
    // IOPS limit), CPU-bound figures (bonnie per-char, dd before sync) and blkio's burst release in
    // p50 latency. The warm-up took SEQ 1M from 0.62–0.73× to these shifts; the verdict-pairs
    // subset (buffered reads, seeker, queue depths, disk search) read 30/31. What must hold: the
    // same drive twice is never a win and saves nothing.
    const large = (d: RunDocument) =>
      d.tests.find((t) => t.testId === 'qd-profile')?.extra?.['requestsPerLargeIo'];
    console.log(`largeIo: ${String(large(a!.doc))} → ${String(large(b!.doc))}`);
    const moved = v.headlines.filter((h) => h.outcome !== 'no-difference');
    console.log(
      `themes moved: ${moved.map((h) => `${h.words} ${h.median.toFixed(2)}× of ${h.count}`).join(', ') || 'none'}`,
    );
    console.log(
      `verdict: ${v.recommendation.level} ("${v.recommendation.headline}"), saved ${v.totals.savedPerDaySeconds} s/day; findings: ${v.findings.map((f) => `${f.kind} ${f.title}`).join('; ')}; tasks: ${v.tasks.map((t) => `${t.testId} ${t.basis}`).join(', ')}`,
    );
    // Two of four runs also read a tiny saving from a task (0.06 s/day, du): the verdict's concern
    // (issue 16); this asserts what held in every run.
    expect(v.recommendation.level).not.toBe('worth-it');
    expect(v.findings.filter((f) => f.kind === 'big-win')).toEqual([]);
  }, 600_000);
});
