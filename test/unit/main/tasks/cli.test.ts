import { appendFileSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/program';
import { createServices } from '../../../../src/main/create-services';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

function cli() {
  const home = mkdtempSync(join(tmpdir(), 'dw-tcli-'));
  dirs.push(home);
  const out: string[] = [];
  const err: string[] = [];
  const services = createServices({ configDir: join(home, 'cfg'), env: { HOME: home } });
  const run = (...argv: string[]) =>
    runCli(argv, { out: (s) => void out.push(s), err: (s) => void err.push(s) }, services);
  return { run, out, err, services, home };
}

describe('drivewise task', () => {
  it('stores stopwatch timings as a run, and refuses non-numbers in one line', async () => {
    const c = cli();
    expect(
      await c.run('task', 'stopwatch', 'GRUB to login', '27.1', '26.4', '--note', 'phone'),
    ).toBe(0);
    const id = /saved in run (\S+)/.exec(c.out.join(''))![1]!;
    const doc = await c.services.runs.load(id);
    expect(doc.tests[0]).toMatchObject({ testId: 'task.stopwatch', title: 'GRUB to login' });
    expect(doc.tests[0]!.measurements[0]!.samples).toEqual([27.1, 26.4]);
    // A second timing joins the same run.
    expect(await c.run('task', 'stopwatch', 'Login to desktop', '22', '--run', id)).toBe(0);
    expect((await c.services.runs.load(id)).tests.map((t) => t.title)).toEqual([
      'GRUB to login',
      'Login to desktop',
    ]);
    expect(await c.run('task', 'stopwatch', 'x', 'abc')).toBe(2);
    expect(c.err.join('')).toBe('drivewise: not a time in seconds: abc\n');
  });

  it('arms and disarms the login timing; collect without logins says so', async () => {
    const c = cli();
    expect(await c.run('task', 'login', 'arm')).toBe(0);
    expect(c.out.join('')).toContain(
      `armed (${join(c.home, '.config/autostart/drivewise-login-probe.desktop')})`,
    );
    expect(await c.run('task', 'login', 'collect')).toBe(0);
    expect(c.out.join('')).toContain('no login timed since the last collection');
    expect(await c.run('task', 'login', 'disarm')).toBe(0);
    expect(c.out.join('')).toContain('not armed');
  });

  it('arm --run adds the timed logins to that run; an unknown run is refused', async () => {
    const c = cli();
    expect(await c.run('task', 'stopwatch', 'GRUB to login', '27')).toBe(0);
    const id = /saved in run (\S+)/.exec(c.out.join(''))![1]!;
    expect(await c.run('task', 'login', 'arm', '--run', 'nope')).toBe(2);
    expect(c.err.join('')).toMatch(/no run with id nope/);
    expect(await c.run('task', 'login', 'arm', '--run', id)).toBe(0);
    // What the autostart probe appends at a login: desktop ready 22 s after the session began.
    appendFileSync(
      join(c.home, 'cfg', 'login-probes.jsonl'),
      JSON.stringify({
        probeMonotonicUs: '72000000',
        realtimeMs: 1_700_000_000_000,
        sessionId: '2',
        desktop: 'GNOME',
        sessionStartUs: '50000000',
      }) + '\n',
    );
    expect(await c.run('task', 'login', 'collect')).toBe(0);
    expect(c.out.join('')).toContain(`saved run ${id}`);
    const login = (await c.services.runs.load(id)).tests.find((t) => t.testId === 'task.login');
    expect(login?.measurements[0]?.samples).toEqual([22]);
  });

  it('reports boot as not available here, in one line', async () => {
    const c = cli();
    expect(await c.run('task', 'boot')).toBe(0);
    expect(c.out.join('')).toMatch(/^Boot time: (not available: .+|[\s\S]+s\n)/);
  });
});
