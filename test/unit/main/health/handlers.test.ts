// The health.check channel through the real router: validation, relative paths, unknown runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/create-services';
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

describe('SMART through the root helper', () => {
  it("uses the helper's identify answer; a missing smartctl is unknown with the helper's reason", async () => {
    const { smartViaHelper } = await import('../../../../src/main/health/service');
    const { checkSmart } = await import('../../../../src/main/health/smart');
    const calls: string[] = [];
    const fake = (smartctl: string | null, notes: string[]) =>
      ({
        privileged: {
          ops: () => ({
            identify: async (d: string) => {
              calls.push(d);
              return { smartctl, hdparm: null, notes };
            },
          }),
        },
      }) as unknown as Parameters<typeof smartViaHelper>[0];
    const none = await smartViaHelper(fake(null, ['smartctl is not installed']))!('/dev/sda');
    expect(checkSmart(none)).toMatchObject({
      status: 'unknown',
      summary: 'smartctl is not installed',
    });
    const json = JSON.stringify({ smartctl: {}, smart_status: { passed: true } });
    const ok = await smartViaHelper(fake(json, []))!('/dev/nvme0n1');
    expect(checkSmart(ok).status).toBe('ok');
    expect(calls).toEqual(['/dev/sda', '/dev/nvme0n1']);
    const noRights = { privileged: { ops: () => null } } as unknown as Parameters<
      typeof smartViaHelper
    >[0];
    expect(smartViaHelper(noRights)).toBeUndefined();
  });
});
