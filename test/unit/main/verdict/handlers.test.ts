// The verdict channels through the real router: runs saved in a temp store, payloads validated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import type { Prediction } from '../../../../src/shared/prediction';
import type { Verdict } from '../../../../src/shared/verdict';
import { seed000 } from '../../shared/verdict/seed-runs';
import { stopwatchResult, taskRunDocument } from '../../../../src/main/tasks/task-runs';

const dir = mkdtempSync(join(tmpdir(), 'dw-verdict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const services = createServices({ configDir: dir });
const dispatch = createDispatch(createHandlers(services));

describe('verdict.compute / verdict.predict', () => {
  it('computes the verdict of two stored runs, with a usage override', async () => {
    const { before, after } = seed000();
    await services.runs.save(before);
    await services.runs.save(after);
    const r = await dispatch('verdict.compute', {
      beforeId: before.id,
      afterId: after.id,
      usage: { loginsPerDay: 3 },
    });
    expect(r.ok).toBe(true);
    const v = (r as { value: Verdict }).value;
    expect(v.tasks.find((t) => t.testId === 'task.login')!.savedPerDay).toBe(39);
    expect(v.bigWins).toContain('random access');
  });

  it('predicts from the before-run, and compares with the after-run when given', async () => {
    const r = await dispatch('verdict.predict', {
      beforeId: 'seed000-hdd',
      target: { preset: 'nvme-gen3' },
      afterId: 'seed000-ssd',
    });
    const p = (r as { value: Prediction }).value;
    expect(p.target.name).toMatch(/NVMe/);
    expect(p.tasks.find((t) => t.testId === 'task.du')!.measuredSeconds).toBeCloseTo(41.663);
  });

  it("takes the old drive's kind for a run that cannot tell (stopwatch only)", async () => {
    const doc = taskRunDocument(
      stopwatchResult({ title: 'Boot to login screen', seconds: [75, 77], kind: 'boot' }),
      '0.1.0',
      'Stopwatch, old disk',
    );
    doc.id = 'sw-old';
    await services.runs.save(doc);
    const req = { beforeId: 'sw-old', target: { preset: 'sata-ssd' } };
    const unknown = await dispatch('verdict.predict', req);
    expect((unknown as { error: string }).error).toMatch(/old drive's kind is unknown/);
    const hdd = await dispatch('verdict.predict', { ...req, oldDrive: 'hdd' });
    expect(hdd.ok).toBe(true);
    const p = (hdd as { value: Prediction }).value;
    expect(p.assumptions.join(' ')).toMatch(/assumed a typical 7200 rpm hard disk/);
    expect(p.tasks[0]!.predictedSeconds).toBeLessThan(76 / 2);
    // An SSD as the old drive: the same boot is mostly CPU already, so much less is saved.
    const ssd = await dispatch('verdict.predict', { ...req, oldDrive: 'sata-ssd' });
    const q = (ssd as { value: Prediction }).value;
    expect(q.tasks[0]!.predictedSeconds).toBeGreaterThan(p.tasks[0]!.predictedSeconds);
    // Drive detection's names only, and only the kinds with typical figures.
    for (const bad of ['floppy', 'loop', 'usb', 7]) {
      const r = await dispatch('verdict.predict', { ...req, oldDrive: bad });
      expect(r.ok, String(bad)).toBe(false);
      expect((r as { error: string }).error).toMatch(/^invalid request: oldDrive/);
    }
  });

  it('bad input → one-line errors', async () => {
    await expect(
      dispatch('verdict.compute', { beforeId: 'seed000-hdd', afterId: 'nope' }),
    ).resolves.toEqual({
      ok: false,
      error: 'no run with id nope',
    });
    const same = await dispatch('verdict.compute', {
      beforeId: 'seed000-hdd',
      afterId: 'seed000-hdd',
    });
    expect(same).toEqual({ ok: false, error: 'pick two different runs to compare' });
    const bad = await dispatch('verdict.compute', { beforeId: '../etc', afterId: 'x' });
    expect(bad.ok).toBe(false);
    expect((bad as { error: string }).error).toMatch(/^invalid request: beforeId: not a run id/);
    const custom = await dispatch('verdict.predict', {
      beforeId: 'seed000-hdd',
      target: { preset: 'custom', seqReadMBps: 500 },
    });
    expect((custom as { error: string }).error).toMatch(/^custom target needs/);
  });
});
