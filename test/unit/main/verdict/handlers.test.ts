// The verdict channels through the real router: runs saved in a temp store, payloads validated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/core/services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import type { Prediction } from '../../../../src/shared/prediction';
import type { Verdict } from '../../../../src/shared/verdict';
import { seed000 } from '../../shared/verdict/seed-runs';

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
