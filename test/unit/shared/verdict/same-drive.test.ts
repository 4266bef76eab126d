// One drive measured twice is a repeatability check: identity by WWN or serial, else device +
// filesystem UUID + size; then no gain, no loss, no time saved, and one headline on the verdict
// and the run comparison. The pairs are the quick runs measured here (test/fixtures/runs/measured),
// with the drive facts a real disk would record set on them.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVerdict } from '../../../../src/main/verdict/text';
import { formatComparison } from '../../../../src/main/store/format';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict, SAME_DRIVE } from '../../../../src/shared/verdict';
import { driveIdentityOf } from '../../../../src/shared/verdict/identity';

const load = (f: string): RunDocument =>
  runDocument.parse(
    JSON.parse(readFileSync(join(resolve('test/fixtures/runs/measured'), f), 'utf8')),
  );

/** The run with its drive's name and its filesystem's UUID set as detection records them. */
function named(
  run: RunDocument,
  d: { serial?: string; wwn?: string; uuid?: string; path?: string },
): RunDocument {
  const drive = run.drive!;
  return {
    ...run,
    drive: {
      ...drive,
      ...(d.serial ? { serial: d.serial, model: 'QEMU HARDDISK' } : {}),
      ...(d.wwn ? { wwn: d.wwn } : {}),
      ...(d.path ? { path: d.path } : {}),
      partitions: drive.partitions.map((p) => ({ ...p, uuid: d.uuid ?? p.uuid ?? null })),
    },
  };
}

/** Words a same-drive pair must never print (issue 35). */
const BANNED =
  /faster|slower|worth it|what you feel|time saved|saves? about|saved (each|per|a day)/i;

describe('drive identity', () => {
  const a = load('hdd-like.json');
  const b = load('fast.json');

  it('the WWN, then the serial, decides', () => {
    expect(
      driveIdentityOf(named(a, { wwn: 'naa.5000c5' }), named(b, { wwn: 'naa.5000c5' })),
    ).toEqual({ same: 'same', facts: 'The same drive: WWN naa.5000c5 on both.' });
    const two = driveIdentityOf(named(a, { serial: 'S1' }), named(b, { serial: 'S2' }));
    expect(two).toEqual({
      same: 'different',
      facts: 'Two drives: serial QEMU HARDDISK S1 and QEMU HARDDISK S2.',
    });
  });

  it('without a name: the same device, filesystem UUID and size', () => {
    const u = 'a1b2c3d4-0000-4000-8000-000000000001';
    expect(driveIdentityOf(named(a, { uuid: u }), named(b, { uuid: u })).same).toBe('same');
    const cloned = driveIdentityOf(named(a, { uuid: u }), named(b, { uuid: `${u}f` }));
    expect(cloned.same).toBe('different');
    // The same filesystem UUID on another device: a dd clone keeps it, so this says nothing.
    const moved = driveIdentityOf(named(a, { uuid: u }), named(b, { uuid: u, path: '/dev/loop1' }));
    expect(moved).toEqual({
      same: 'unknown',
      facts: `Same drive or not is not known: the runs do not both record a serial or WWN; compared device /dev/loop0 and /dev/loop1, filesystem UUID ${u} on both, size 4.3 GB on both.`,
    });
  });

  it('loop devices and imports: not known, naming what was compared', () => {
    expect(driveIdentityOf(a, b)).toEqual({
      same: 'unknown',
      facts:
        'Same drive or not is not known: the runs do not both record a serial or WWN or filesystem UUID; compared device /dev/loop0 on both, size 4.3 GB on both.',
    });
    const imported: RunDocument = { ...b, drive: null, source: { kind: 'imported' } };
    expect(driveIdentityOf(a, imported).facts).toBe(
      'Same drive or not is not known: the second run records no drive (imported tool output).',
    );
  });
});

describe('the same drive measured twice', () => {
  // HDD-like → unthrottled, as if both were one drive: the figures moved as on /dev/vda under load.
  const before = named(load('hdd-like.json'), { serial: '1716631487097746' });
  const after = named(load('fast.json'), { serial: '1716631487097746' });
  const v = computeVerdict(before, after);

  it('names the drive and how far it varied, with no gain, loss or time saved', () => {
    expect(v.recommendation.level).toBe('same-drive');
    expect(v.recommendation.headline).toMatch(
      new RegExp(`^${SAME_DRIVE}: the drive varied by up to \\d+(\\.\\d)?× between runs$`),
    );
    expect(v.comparisons.some((c) => c.outcome === 'varied')).toBe(true);
    const moved = [...v.comparisons, ...v.headlines, ...v.tasks].filter(
      (c) => c.outcome === 'faster' || c.outcome === 'slower',
    );
    expect(moved).toEqual([]);
    expect(v.totals.savedPerDaySeconds).toBe(0);
    expect(v.tasks.every((t) => t.savedPerDay === null && t.side === 'both')).toBe(true);
    expect(v.bigWins).toEqual([]);
    expect(v.findings.map((f) => f.kind)).not.toContain('big-win');
    expect(formatVerdict(v)).not.toMatch(BANNED);
  });

  it('History → Compare and `compare` print the verdict headline, and only "varied"', () => {
    const c = compareRuns(before, after);
    expect(c.headline).toBe(v.recommendation.headline);
    expect(c.pairs.filter((p) => p.outcome === 'faster' || p.outcome === 'slower')).toEqual([]);
    const text = formatComparison(c);
    // Since h41 the comparison opens with the runs (A, B), then 'Verdict, A before and B after:'.
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Verdict, A before and B after: ${v.recommendation.headline}`,
    );
    expect(text).toMatch(/varied \d/);
    expect(text).not.toMatch(BANNED);
  });

  it('two drives keep the verdict, with the facts that told them apart', () => {
    const w = computeVerdict(before, named(load('fast.json'), { serial: 'OTHER' }));
    expect(w.recommendation.level).not.toBe('same-drive');
    expect(w.identity.same).toBe('different');
    expect(formatVerdict(w)).toContain('Two drives: serial QEMU HARDDISK 1716631487097746 and');
    expect(compareRuns(before, after).identity.same).toBe('same');
  });
});
