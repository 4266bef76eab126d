// The person's own files across a clone, as measured (test/fixtures/runs/clone: /usr/share on the
// HDD-like device and its cp -a copy mounted elsewhere): the walks took the same first 20,000
// entries by name, so the row is compared by what it walked, not by the folder it is mounted at,
// and counted in the time saved.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../src/shared/verdict';

const load = (f: string): RunDocument =>
  runDocument.parse(JSON.parse(readFileSync(resolve('test/fixtures/runs/clone', f), 'utf8')));
const old = load('old-drive.json');
const clone = load('new-drive.json');

/** The run with its own-tree manifest as runs before the name-order walk recorded it. */
function withoutDigest(run: RunDocument): RunDocument {
  return {
    ...run,
    tests: run.tests.map((t) => {
      const w = t.extra?.['workloads'] as Record<string, Record<string, unknown>> | undefined;
      if (!w?.['own']) return t;
      const { digest: _d, of: _o, ...own } = w['own'];
      return { ...t, extra: { ...t.extra, workloads: { ...w, own } } };
    }),
  };
}

describe('the own tree across a clone', () => {
  it('is compared and counted, titled with how much was walked', () => {
    const v = computeVerdict(old, clone);
    const own = v.tasks.find((t) => t.title.startsWith('Search the disk, your files in'))!;
    expect(own.title).toBe(
      'Search the disk, your files in /var/tmp/dw-mnt-R9kiHo: the first 20,000 entries by name, of 54,521 on that drive (37 %)',
    );
    expect(own).toMatchObject({ basis: 'measured', outcome: 'faster' });
    expect(own.savedPerOccurrence).toBeCloseTo(32.28, 1);
    expect(v.totals.measuredPerDaySeconds).toBeGreaterThan(own.savedPerDay!);
    expect(v.findings.map((f) => f.title).join('\n')).not.toMatch(/different workloads/);
  });

  it('by folder name (the old rule) it was left out of the time saved', () => {
    const v = computeVerdict(withoutDigest(old), withoutDigest(clone));
    const own = v.tasks.find((t) => t.title.startsWith('Search the disk, your files in'))!;
    expect(own.outcome).toBe('unknown');
    expect(own.note).toMatch(/^not compared, the runs timed different workloads/);
    expect(v.findings.map((f) => f.title)).toContain('1 timing not compared: different workloads');
  });
});
