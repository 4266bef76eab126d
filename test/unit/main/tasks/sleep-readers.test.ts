import { describe, expect, it } from 'vitest';
import { hibernateResult, readJournal } from '../../../../src/main/tasks/hibernate-task';
import {
  journalUnavailable,
  parseJournalLine,
  parseSleepCycles,
} from '../../../../src/main/tasks/sleep-readers';
import { fixture } from './fixture';

describe('parseJournalLine', () => {
  it('reads short-unix and short-iso-precise stamps as unix seconds', () => {
    expect(parseJournalLine('1709629871.531215 host kernel: PM: x')?.at).toBe(1709629871.531215);
    expect(parseJournalLine('2024-03-05T09:15:40.011023+01:00 host kernel: x')?.at).toBeCloseTo(
      Date.UTC(2024, 2, 5, 8, 15, 40, 11) / 1000,
      2,
    );
    expect(parseJournalLine('2024-03-05T09:15:40+0100 host kernel: x')?.at).toBe(
      Date.UTC(2024, 2, 5, 8, 15, 40) / 1000,
    );
    expect(parseJournalLine('-- Boot 0123 --')).toBeNull();
  });
});

describe('parseSleepCycles', () => {
  it('finds a hibernate cycle with the kernel image figures', () => {
    const cycles = parseSleepCycles(fixture('journal-hibernate-short-unix.txt'));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({
      kind: 'hibernate',
      enteredAt: 1709629871.52998,
      exitedAt: 1709630405.114378,
      wroteKB: 5608060,
      writeSeconds: 41.62,
      readKB: 5608060,
      readSeconds: 38.15,
    });
  });

  it('tells suspend from hibernate cycles, in order, with realtime stamps', () => {
    const cycles = parseSleepCycles(fixture('journal-sleep-short-iso-precise.txt'));
    expect(cycles.map((c) => c.kind)).toEqual(['suspend', 'hibernate', 'suspend']);
    const hib = cycles[1]!;
    expect(hib.writeSeconds).toBe(22.31);
    expect(hib.readSeconds).toBe(9.87);
    // Realtime: the 1 h 24 min the machine was off are visible (monotonic would hide them).
    expect(hib.exitedAt! - hib.enteredAt!).toBeCloseTo(84 * 60 + 22.116, 2);
    expect(cycles[2]!.exitedAt! - cycles[2]!.enteredAt!).toBeCloseTo(1904.89, 2);
  });

  it('finds no cycles in an empty journal', () => expect(parseSleepCycles('')).toEqual([]));
});

describe('hibernateResult', () => {
  it('reports image write + read as the wall time', () => {
    const r = hibernateResult(
      parseSleepCycles(fixture('journal-sleep-short-iso-precise.txt')),
      false,
    );
    expect(r.status).toBe('ok');
    const wall = r.measurements.find((m) => m.metric === 'wall_time')!;
    expect(wall.samples).toEqual([22.31 + 9.87]);
    expect(r.extra).toMatchObject({ hibernations: 1, suspends: 2 });
  });
  it('keeps the cycle and the image size when the kernel did not log the image I/O', () => {
    const cycles = parseSleepCycles(fixture('journal-hibernate-no-image-times.txt'));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ kind: 'hibernate', imagePages: 905172 });
    expect(cycles[0]!.writeSeconds).toBeUndefined();
    const r = hibernateResult(cycles, false);
    expect(r.status).toBe('ok');
    expect(r.measurements.find((m) => m.metric === 'wall_time')!.median).toBeNull();
    expect(r.measurements.find((m) => m.metric === 'image_kb')!.samples).toEqual([905172 * 4]);
    expect(r.caveats.join(' ')).toMatch(/stopwatch/);
  });
  it('is not available when the machine only ever suspended', () => {
    const r = hibernateResult(
      parseSleepCycles(fixture('journal-suspend-only-short-unix.txt')),
      true,
    );
    expect(r.status).toBe('skipped');
    expect(r.error).toBe('not available: this machine has not hibernated (in the journal)');
    expect(r.extra).toMatchObject({ suspends: 1, hibernations: 0 });
  });
});

describe('journalUnavailable', () => {
  it('recognises a machine without a journal (captured here)', () => {
    expect(journalUnavailable('', fixture('journalctl-nojournal.stderr.txt'))).toMatch(
      /no system journal/,
    );
  });
  it('recognises a user who may not read the system journal', () => {
    expect(journalUnavailable('', fixture('journalctl-user-only.stderr.txt'))).toMatch(
      /admin rights/,
    );
    expect(journalUnavailable('1709 host kernel: PM: suspend entry', '')).toBeNull();
  });
});

describe('readJournal', () => {
  const exec =
    (stdout: string, stderr: string, code = 1) =>
    async () => ({ code, stdout, stderr });
  it('uses the root helper when granted, else journalctl as the person', async () => {
    const helper = {
      dropCaches: async () => undefined,
      rawRead: async () => ({}),
      journal: async () => fixture('journal-sleep-short-iso-precise.txt'),
    };
    const viaHelper = await readJournal(helper, exec('', 'unused'));
    expect('text' in viaHelper && parseSleepCycles(viaHelper.text)).toHaveLength(3);
    expect(await readJournal(null, exec('', fixture('journalctl-nojournal.stderr.txt')))).toEqual({
      reason: 'no system journal on this machine',
    });
    expect(await readJournal(null, exec('-- No entries --\n', ''))).toEqual({
      text: '-- No entries --\n',
    });
    expect(
      await readJournal(null, async () => ({ code: null, stdout: '', stderr: '', missing: true })),
    ).toEqual({
      reason: 'journalctl is not installed',
    });
  });
});
