// `drivewise bench --dry-run`: the plan, bytes written, free space needed and estimate; nothing
// runs, nothing is written into the target or history.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it("--baseline repeats the baseline's plan (as Measure again does); plan flags given now win", async () => {
    const target = temp('again');
    const services = createServices({ host: 'cli', configDir: temp('again-cfg') });
    const doc = JSON.parse(readFileSync('test/fixtures/runs/measured/hdd-like.json', 'utf8')) as {
      settings: Record<string, unknown>;
    };
    const MiB = 2 ** 20;
    const sizes = { file: 64 * MiB, dd: 32 * MiB };
    doc.settings = {
      profile: 'custom',
      tests: ['buffered-read', 'dd-write'],
      repetitions: 2,
      sizes,
    };
    const file = join(temp('again-base'), 'baseline.json');
    writeFileSync(file, JSON.stringify(doc));
    const plan = async (more: string[]) => {
      const r = await benchCli(services, target, [
        '--dry-run',
        '--json',
        '-',
        '--baseline',
        file,
        ...more,
      ]);
      expect(r.err).toBe('');
      return JSON.parse(r.out) as {
        tests: { id: string }[];
        repetitions: number;
        sizes: typeof sizes;
      };
    };
    const again = await plan([]);
    expect(again.tests.map((t) => t.id)).toEqual(['buffered-read', 'dd-write']);
    expect(again.repetitions).toBe(2);
    expect(again.sizes).toMatchObject(sizes);
    const given = await plan(['--tests', 'buffered-read']);
    expect(given.tests.map((t) => t.id)).toEqual(['buffered-read']);
    expect(given.repetitions).not.toBe(2);
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
