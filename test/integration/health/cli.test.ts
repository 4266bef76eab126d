// `drivewise health` on this machine, in-process: every check has a status and evidence, and what
// needs no root is decided here; `--run ID` stores the result into that run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/program';
import type { Services } from '../../../src/main/core/services';
import { createServices } from '../../../src/main/create-services';
import { runHealthCheck } from '../../../src/main/health/service';
import { healthReport } from '../../../src/shared/contract/health';
import { realisticPair } from '../../unit/shared/verdict/realistic-runs';
import { FIXTURES, healthRunner } from '../../unit/main/health/fixture';

let base = '';
let services: Services;

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (x) => (out += x), err: (x) => (err += x) }, services);
  return { code, out, err };
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'dw-health-cli-'));
  services = createServices({ host: 'cli', configDir: join(base, 'config') });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('drivewise health', () => {
  it('--json: every check with a status and evidence; the no-root checks are decided here', async () => {
    const r = await cli(['health', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rep = healthReport.parse(JSON.parse(r.out));
    expect(rep.checks.map((c) => c.area)).toEqual(
      expect.arrayContaining([
        'trim',
        'alignment',
        'link',
        'scheduler',
        'fstab',
        'mount-options',
        'smart',
        'space',
      ]),
    );
    for (const c of rep.checks) {
      expect(['ok', 'warn', 'fail', 'unknown'], c.id).toContain(c.status);
      expect(c.evidence.length, c.id).toBeGreaterThan(0);
    }
    for (const id of [
      'alignment',
      'scheduler',
      'fstab.names',
      'fstab.resolve',
      'mount-options',
      'space',
      'trim',
    ])
      expect(rep.checks.find((c) => c.id === id)!.status, id).not.toBe('unknown');
    // No admin rights asked: SMART is unknown and says why.
    expect(rep.checks.find((c) => c.id === 'smart')!.summary).toMatch(
      /needs admin rights.*admin rights: not-asked/,
    );
  });

  it('prints a readable list with the fixes, and rejects a missing path in one line', async () => {
    const r = await cli(['health', '/']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Set-up check of /);
    expect(r.out).toMatch(
      /\n\d+ ok, \d+ warn, \d+ fail, \d+ unknown\. Drivewise applies no fix itself\.\n$/,
    );
    const bad = await cli(['health', '/no/such/dir']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toBe('drivewise: /no/such/dir: no such file or directory\n');
  });

  it('--run ID stores the report into the run; the old drive comes from its baseline', async () => {
    const { before, after } = realisticPair();
    await services.runs.save(before);
    await services.runs.save(after);
    const r = await cli(['health', '--run', after.id]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`stored in run ${after.id}`);
    const stored = await services.runs.load(after.id);
    expect(stored.health?.checks).toHaveLength(12);
    const old = stored.health!.checks.find((c) => c.id === 'fstab.old-drive')!;
    expect(old.evidence[0]!.value).toMatch(new RegExp(`^${before.drive!.path}`));
    // The fixture reader through the same service: the cloned machine, with this run's baseline.
    const fx = await runHealthCheck(
      services,
      { runId: after.id, path: '/' },
      {
        root: join(FIXTURES, 'cloned-misaligned'),
        run: healthRunner('cloned-misaligned'),
        devOf: async () => '8:1',
      },
    );
    expect(fx.report.checks.find((c) => c.id === 'alignment')!.status).toBe('fail');
    expect((await services.runs.load(after.id)).health?.drive?.model).toBe(
      'Samsung SSD 870 EVO 500GB',
    );
    expect(fx.savedTo).toContain(`${after.id}.json`);
    const bad = await cli(['health', '--run', 'no-such-run']);
    expect(bad.err).toBe('drivewise: no run with id no-such-run\n');
  });
});
