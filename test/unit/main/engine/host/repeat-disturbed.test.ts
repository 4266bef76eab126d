// The busy phases of a run, repeated alone: which tests are repeated, with what plan, and which of
// the two samples the run keeps (the one less past the conditions table's bounds), on a run
// measured here (test/fixtures/runs/same-drive: quick beside fio, every phase busy).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  busyTestIds,
  keepBetter,
  repeatPlan,
} from '../../../../../src/main/engine/host/repeat-disturbed';
import type { PhaseConditions } from '../../../../../src/shared/schemas/conditions';
import { runDocument, type RunDocument } from '../../../../../src/shared/schemas/run';
import { disturbance } from '../../../../../src/shared/verdict/conditions';

const busy: RunDocument = runDocument.parse(
  JSON.parse(readFileSync(resolve('test/fixtures/runs/same-drive/own-disk-busy-1.json'), 'utf8')),
);
const dir = mkdtempSync(join(tmpdir(), 'dw-h35-repeat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The conditions of a phase with `foreignMB` of other programs' disk traffic beside 100 MB. */
const io = (foreignMB: number): PhaseConditions => ({
  seconds: 5,
  devices: [],
  io: { ownReadBytes: 100e6, ownWriteBytes: 0, foreignBytes: foreignMB * 1e6 },
  cpu: null,
  memory: null,
});

describe('repeating the busy phases', () => {
  it('repeats the busy tests that ran, in the run’s folder, with its sizes', () => {
    const ids = busyTestIds(busy);
    // Boot and hibernate were skipped (no session here): nothing of theirs to repeat.
    expect(ids).toEqual([
      'cached-read',
      'buffered-read',
      'dd-write',
      'bonnie',
      'iozone',
      'seeker',
      'qd-profile',
      'task.du',
      'task.app-start',
      'task.unpack',
    ]);
    const plan = repeatPlan({ ...busy, targetDir: dir });
    expect(plan.plan.tests.map((t) => t.id)).toEqual(ids);
    expect(plan.plan.repetitions).toBe(busy.settings.repetitions);
    expect(plan.plan.sizes['task.unpack']).toBe(busy.settings.sizes['task.unpack']);
  });

  it('refuses a run with nothing busy, or one not measured here, in one line', () => {
    const quiet = { ...busy, tests: busy.tests.map((t) => ({ ...t, conditions: io(0) })) };
    expect(() => repeatPlan(quiet)).toThrow(/has no busy phase to repeat/);
    expect(() => repeatPlan({ ...busy, source: { kind: 'imported' } })).toThrow(
      /was not measured here/,
    );
  });

  it('keeps the better-conditioned sample of each and says which', () => {
    expect(disturbance(io(1))).toBe(0);
    expect(disturbance(io(200))).toBeGreaterThan(disturbance(io(40)));
    const [a, b] = busy.tests.filter((t) => t.testId === 'seeker' || t.testId === 'dd-write');
    const first = {
      ...busy,
      tests: [
        { ...a!, conditions: io(300) },
        { ...b!, conditions: io(40) },
      ],
    };
    const repeat = {
      ...busy,
      id: 'other',
      bytesWritten: 1000,
      tests: [
        { ...a!, conditions: io(0), caveats: [] },
        { ...b!, conditions: io(90), caveats: [] },
      ],
    };
    const kept = keepBetter(first, repeat);
    expect(kept.id).toBe(busy.id);
    expect(kept.tests[0]!.conditions).toEqual(io(0));
    expect(kept.tests[0]!.caveats.at(-1)).toBe(
      `${a!.title}: repeated alone (quiet), kept the repeat; the first run was busy: 300 MB of other disk traffic during this phase`,
    );
    expect(kept.tests[1]!.conditions).toEqual(io(40));
    expect(kept.tests[1]!.caveats.at(-1)).toBe(
      `${b!.title}: repeated alone (busy: 90 MB of other disk traffic during this phase), kept the first run`,
    );
    expect(kept.caveats.filter((c) => c.startsWith('busy phase '))).toHaveLength(2);
    expect(kept.bytesWritten).toBe(busy.bytesWritten + 1000);
  });
});
