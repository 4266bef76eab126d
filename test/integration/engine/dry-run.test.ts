// `drivewise bench --dry-run`: the plan, bytes written, free space needed and estimate; nothing
// runs, nothing is written into the target or history.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { benchCli } from './cli-bench';
import { tempDirs } from './helpers';

describe('bench --dry-run', () => {
  const temp = tempDirs();
  it('prints plan, writes, free space and estimate; writes nothing', async () => {
    const target = temp('dry');
    const config = temp('dry-cfg');
    const services = createServices({ host: 'cli', configDir: config });
    const r = await benchCli(services, target, ['--dry-run']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/dry run: quick profile/);
    expect(r.out).toMatch(/estimate: \d+ (min|s)\b.* \(\d+ s\)/);
    expect(r.out).toMatch(/writes at most: /);
    expect(r.out).toMatch(/free space needed: .* free\)/);
    expect(r.out).toMatch(/Writes at most .* needs .* free: /);
    expect(r.id).toBeUndefined();
    expect(readdirSync(target)).toEqual([]);
    expect(await services.runs.list()).toEqual([]);
    const j = await benchCli(services, target, ['--dry-run', '--json', '-', '--profile', 'full']);
    const plan = JSON.parse(j.out) as {
      totalSeconds: number;
      bytesNeeded: number;
      tests: unknown[];
    };
    expect(plan.totalSeconds).toBeGreaterThan(60);
    expect(plan.totalSeconds).toBeLessThanOrEqual(15 * 60);
    expect(plan.bytesNeeded).toBeGreaterThan(0);
    expect(readdirSync(target)).toEqual([]);
  });

  it('--host-name is one printable line, refused before anything runs', async () => {
    const target = temp('host');
    const services = createServices({ host: 'cli', configDir: temp('host-cfg') });
    const r = await benchCli(services, target, ['--dry-run', '--host-name', 'a\nb']);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe(
      'drivewise: --host-name: give one line of at most 200 printable characters',
    );
    expect((await benchCli(services, target, ['--dry-run', '--host-name', 'lab-01'])).code).toBe(0);
  });

  it("--repetitions is checked by the app's request schema: one line each, nothing written", async () => {
    const target = temp('reps');
    const services = createServices({ host: 'cli', configDir: temp('reps-cfg') });
    const cases: [string, string][] = [
      ['0', '--repetitions must be at least 1, got "0"'],
      ['x', '--repetitions must be a number, got "x"'],
      ['2.5', '--repetitions must be a whole number, got "2.5"'],
      ['21', '--repetitions must be at most 20, got "21"'],
    ];
    for (const [value, line] of cases) {
      const r = await benchCli(services, target, ['--dry-run', '--repetitions', value]);
      expect(r.code, value).toBe(2);
      expect(r.err.trim()).toBe(`drivewise: ${line}`);
    }
    expect(readdirSync(target)).toEqual([]);
  });
});
