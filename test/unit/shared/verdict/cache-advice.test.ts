// Advice from privilege (issue 41): the cache finding says what the run did. "Rerun with admin
// rights (cache drop)" was printed for a run whose file said "granted" and "caches were dropped".
// One after-run per privilege state, its buffered read at memory speed (a cache answered).
import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../../src/shared/verdict';
import type { RunDocument, TestResult } from '../../../../src/shared/schemas/run';
import { m, seed004, synthetic } from './seed-runs';

const RERUN = /Rerun with admin rights \(cache drop\)/;

function advice(state: RunDocument['privilege']['state'], cache: TestResult['cache']): string {
  const { before, after } = seed004();
  after.privilege = { state };
  after.tests[1] = {
    ...synthetic('buffered-read', 'Buffered disk reads', 'hdparm', [
      m('buffered_read', 'MiB/s', [2700, 2750, 2800]),
    ]),
    cache,
  };
  const f = computeVerdict(before, after).findings.filter((x) => x.kind === 'cache-suspected');
  expect(f).toHaveLength(1);
  return f[0]!.detail;
}

describe('the cache finding follows from what the run did', () => {
  it('granted, the page cache dropped: no advice to rerun with admin rights', () => {
    const d = advice('granted', 'cold');
    expect(d).toMatch(/Admin rights were granted and the page cache was dropped before this test/);
    expect(d).toMatch(/Rerunning with admin rights would not change that/);
    expect(d).not.toMatch(RERUN);
  });

  it('granted, direct I/O around the page cache: no advice to rerun with admin rights', () => {
    const d = advice('granted', 'bypassed');
    expect(d).toMatch(/read around the page cache \(direct I\/O\)/);
    expect(d).not.toMatch(RERUN);
    expect(d).not.toMatch(/was dropped/);
  });

  it('granted, but the page cache could not be dropped: rerun advice, and why', () => {
    const d = advice('granted', 'warm');
    expect(d).toMatch(/the page cache could not be dropped before this test/);
    expect(d).toMatch(RERUN);
  });

  it.each([
    ['declined', 'admin rights were declined, so the page cache was not dropped'],
    [
      'unavailable',
      'admin rights were not available to this run, so the page cache was not dropped',
    ],
    ['not-requested', 'admin rights were not asked for, so the page cache was not dropped'],
  ] as const)('not granted (%s): says so, and to rerun with admin rights', (state, why) => {
    const d = advice(state, 'warm');
    expect(d).toContain(`(${why})`);
    expect(d).toMatch(RERUN);
    expect(d).not.toMatch(/Admin rights were granted/);
  });
});
