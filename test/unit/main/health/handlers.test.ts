// The health.check channel through the real router: validation, relative paths, unknown runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/core/services';
import { createDispatch, createHandlers } from '../../../../src/main/router';

const dir = mkdtempSync(join(tmpdir(), 'dw-health-h-'));
const dispatch = createDispatch(createHandlers(createServices({ host: 'cli', configDir: dir })));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('health.check', () => {
  it('refuses a relative path, a bad run id, unknown fields and a missing run in one line', async () => {
    await expect(dispatch('health.check', { path: 'etc' })).resolves.toEqual({
      ok: false,
      error: 'give a full path (got etc)',
    });
    const bad = await dispatch('health.check', { runId: '../x' });
    expect(bad).toMatchObject({ ok: false });
    expect(await dispatch('health.check', { path: '/', force: true })).toMatchObject({ ok: false });
    await expect(dispatch('health.check', { runId: 'nope' })).resolves.toEqual({
      ok: false,
      error: 'no run with id nope',
    });
  });
  it('answers a report for / that matches the contract', async () => {
    const r = await dispatch('health.check', { path: '/' });
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { report: { checks: unknown[] } }).report.checks).toHaveLength(12);
  });
});
