// Logins armed for a run (the wizard's before- or after-run) are added to that run, so the verdict
// compares measured logins; without a target, or when the run is gone, they get a run of their own.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecFn } from '../../../../src/main/tasks/exec-text';
import {
  armLogin,
  collectLoginResult,
  disarmLogin,
  loginStatus,
  readLoginTarget,
} from '../../../../src/main/tasks/login';
import {
  loginResult,
  loginTally,
  mergeLoginResults,
} from '../../../../src/main/tasks/login-result';
import { collectLoginAtStart } from '../../../../src/main/tasks/login-start';
import { storeLoginResult } from '../../../../src/main/tasks/task-runs';
import { RunStore } from '../../../../src/main/store/run-store';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../src/shared/verdict';
import { realisticPair } from '../../shared/verdict/realistic-runs';
import { fixture } from './fixture';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A temp HOME with its own autostart folder and Drivewise config dir, and the real run store. */
function setup() {
  const home = mkdtempSync(join(tmpdir(), 'dw-login-attach-'));
  dirs.push(home);
  const configDir = join(home, 'dw');
  mkdirSync(configDir, { recursive: true });
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
  const runs = new RunStore(configDir);
  const s = { env, configDir, runs, version: '0.1.0' };
  const arm = (runId?: string) =>
    armLogin({
      env,
      configDir,
      probeScript: join(process.cwd(), 'dist/main/login-probe.js'),
      execPath: process.execPath,
      runs,
      ...(runId ? { runId } : {}),
    });
  /** What the probe appends at each login: desktop ready `seconds` after the session started. */
  const login = (seconds: number, at = 1_700_000_000_000) =>
    appendFileSync(
      join(configDir, 'login-probes.jsonl'),
      JSON.stringify({
        probeMonotonicUs: String(50_000_000 + Math.round(seconds * 1e6)),
        realtimeMs: at,
        sessionId: '2',
        desktop: 'GNOME',
        sessionStartUs: '50000000',
      }) + '\n',
    );
  return { s, env, configDir, runs, arm, login };
}

/** The realistic before/after pair without its login results: those come from the probe here. */
async function storedPair(runs: RunStore): Promise<{ before: RunDocument; after: RunDocument }> {
  const { before, after } = realisticPair();
  for (const d of [before, after]) {
    d.tests = d.tests.filter((t) => t.testId !== 'task.login');
    d.settings.tests = d.settings.tests.filter((t) => t !== 'task.login');
    await runs.save(d);
  }
  return { before, after };
}

const loginOf = (doc: RunDocument) => doc.tests.filter((t) => t.testId === 'task.login');

describe('logins armed for a run', () => {
  it('adds the samples to that run, and a second login appends with the spread recomputed', async () => {
    const { s, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    const testsBefore = before.tests.length;
    const st = await arm(before.id);
    expect(st.armed).toBe(true);
    expect(st.target).toEqual({
      runId: before.id,
      label: `WDC WD10EZEX 1 TB 7200 rpm — before run, ${before.createdAt.slice(0, 10)}`,
    });

    login(22.5);
    const first = await collectLoginAtStart(s);
    expect(first?.runId).toBe(before.id);
    let doc = await runs.load(before.id);
    expect(doc.tests).toHaveLength(testsBefore + 1);
    expect(doc.settings.tests).toContain('task.login');
    expect(loginOf(doc)).toHaveLength(1);
    expect(loginOf(doc)[0]!.measurements[0]).toMatchObject({ samples: [22.5], median: 22.5 });

    // Two more logins before the next start, collected together: appended, nothing replaced.
    login(20.5, 1_700_000_100_000);
    login(24, 1_700_000_200_000);
    expect((await loginStatus(s.env, s.configDir, runs)).pending).toBe(2);
    await collectLoginAtStart(s);
    doc = await runs.load(before.id);
    const r = loginOf(doc);
    expect(r).toHaveLength(1);
    expect(r[0]!.status).toBe('ok');
    expect(r[0]!.measurements[0]).toMatchObject({
      metric: 'wall_time',
      samples: [22.5, 20.5, 24],
      median: 22.5,
      min: 20.5,
      max: 24,
    });
    expect(r[0]!.wallSeconds).toEqual([22.5, 20.5, 24]);
    expect((r[0]!.extra?.['logins'] as unknown[]).length).toBe(3);
    // No "Login to desktop" run was made on the side.
    expect((await runs.list()).map((x) => x.id).sort()).toEqual(
      [before.id, realisticPair().after.id].sort(),
    );
    // Still armed, still for the same run: the next login goes there too.
    expect((await loginStatus(s.env, s.configDir, runs)).target?.runId).toBe(before.id);
  });

  it('dates a login with loginctl (captured output) when the probe could not', async () => {
    const { env, configDir, runs, arm } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    writeFileSync(
      join(configDir, 'login-probes.jsonl'),
      JSON.stringify({
        probeMonotonicUs: '27390922044',
        realtimeMs: 1,
        sessionId: '3',
        sessionStartUs: null,
      }) + '\n',
    );
    const loginctl: ExecFn = async () => ({
      code: 0,
      stdout: fixture('loginctl-show-session.txt'),
      stderr: '',
    });
    const got = await collectLoginResult(
      env,
      configDir,
      (result, target) => storeLoginResult(runs, '0.1.0', result, target),
      loginctl,
    );
    expect(got?.runId).toBe(before.id);
    expect(loginOf(await runs.load(before.id))[0]!.measurements[0]!.samples).toEqual([9]);
  });

  it('stores the logins as a run of their own when the armed run was deleted', async () => {
    const { s, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    await runs.remove(before.id);
    expect((await loginStatus(s.env, s.configDir, runs)).target).toEqual({
      runId: before.id,
      label: null,
    });
    login(12);
    const got = await collectLoginAtStart(s);
    expect(got?.runId).not.toBe(before.id);
    const doc = await runs.load(got!.runId!);
    expect(doc.name).toBe('Login to desktop');
    expect(doc.tests[0]!.measurements[0]!.samples).toEqual([12]);
    expect(await runs.exists(before.id)).toBe(false);
  });

  it('stores the logins as a run of their own when armed without a run id', async () => {
    const { s, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    // Re-arming without a run id drops the earlier target.
    const st = await arm();
    expect(st.target).toBeNull();
    login(15);
    const got = await collectLoginAtStart(s);
    const doc = await runs.load(got!.runId!);
    expect(doc.name).toBe('Login to desktop');
    expect(loginOf(await runs.load(before.id))).toHaveLength(0);
  });

  it('reads a damaged or foreign target file as no target, and never throws at start', async () => {
    const { s, configDir, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    for (const damaged of ['{"runId":"', 'null', '{"runId":"../../etc/passwd"}', '[1]', '\u0000']) {
      writeFileSync(join(configDir, 'login-target.json'), damaged);
      expect(await readLoginTarget(configDir)).toBeNull();
      expect((await loginStatus(s.env, configDir, runs)).target).toBeNull();
      login(10);
      const got = await collectLoginAtStart(s);
      expect((await runs.load(got!.runId!)).name).toBe('Login to desktop');
    }
    expect(loginOf(await runs.load(before.id))).toHaveLength(0);
  });

  it('keeps the samples in a run of their own when the armed run file is damaged', async () => {
    const { s, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    writeFileSync(runs.fileOf(before.id), '{"schema":"drivewise.run"');
    login(11);
    const got = await collectLoginAtStart(s);
    expect(got?.runId).not.toBe(before.id);
    expect((await runs.load(got!.runId!)).tests[0]!.measurements[0]!.samples).toEqual([11]);
  });

  it('keeps the logins pending when the armed run cannot be saved', async () => {
    const { s, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    login(11);
    const broken = {
      ...s,
      runs: {
        exists: (id: string) => runs.exists(id),
        load: (id: string) => runs.load(id),
        save: () => Promise.reject(new Error('EROFS')),
      } as unknown as RunStore,
    };
    expect(await collectLoginAtStart(broken)).toBeNull();
    expect((await loginStatus(s.env, s.configDir, runs)).pending).toBe(1);
    expect((await collectLoginAtStart(s))?.runId).toBe(before.id);
  });

  it('refuses to arm for a run that does not exist', async () => {
    const { arm } = setup();
    await expect(arm('no-such-run')).rejects.toThrow('no run with id no-such-run');
  });

  it('forgets the target once disarmed and every login is collected', async () => {
    const { s, configDir, runs, arm, login } = setup();
    const { before } = await storedPair(runs);
    await arm(before.id);
    login(9);
    // Disarmed with a login still pending: that login still belongs to the armed run.
    const off = await disarmLogin(s.env, configDir, runs);
    expect(off.armed).toBe(false);
    expect(off.target?.runId).toBe(before.id);
    expect((await collectLoginAtStart(s))?.runId).toBe(before.id);
    expect(await readLoginTarget(configDir)).toBeNull();
    // Disarmed with nothing pending: the target goes at once.
    await arm(before.id);
    expect((await disarmLogin(s.env, configDir, runs)).target).toBeNull();
  });
});

describe('merging login results', () => {
  it('keeps every sample, adds the undated logins and reads results stored before the tally', () => {
    const a = loginResult(
      [20, null],
      [
        { probeMonotonicUs: '1', realtimeMs: 0, sessionId: null, sessionStartUs: null },
        { probeMonotonicUs: '2', realtimeMs: 1000, sessionId: null, sessionStartUs: null },
      ],
    );
    // A result written before extra.undated existed carries the count only in its caveat.
    const old = { ...a, extra: { logins: a.extra?.['logins'] } };
    const b = loginResult(
      [18],
      [{ probeMonotonicUs: '3', realtimeMs: 2000, sessionId: null, sessionStartUs: null }],
    );
    const m = mergeLoginResults(old, b);
    expect(m.measurements[0]).toMatchObject({ samples: [20, 18], median: 19, min: 18, max: 20 });
    expect(loginTally(m)).toMatchObject({ seconds: [20, 18], undated: 1 });
    expect(m.caveats).toContain('1 login(s) without a session start time');
    expect(loginTally(m).logins).toHaveLength(3);
  });
});

describe('verdict from attached logins', () => {
  it('shows the login-to-desktop row when both runs carry measured logins', async () => {
    const { s, runs, arm, login } = setup();
    const { before, after } = await storedPair(runs);
    // Without measured logins on both sides there is no login row.
    expect(computeVerdict(before, after).tasks.map((t) => t.testId)).not.toContain('task.login');
    // Before the swap: three logins on the old drive.
    await arm(before.id);
    for (const x of [21, 23, 22]) login(x);
    await collectLoginAtStart(s);
    // After the swap the wizard re-arms for the after-run.
    const st = await arm(after.id);
    expect(st.target).toMatchObject({
      runId: after.id,
      label: expect.stringContaining('after run'),
    });
    for (const x of [8, 8.5, 8.2]) login(x);
    await collectLoginAtStart(s);

    const v = computeVerdict(await runs.load(before.id), await runs.load(after.id));
    const row = v.tasks.find((t) => t.testId === 'task.login');
    expect(row).toMatchObject({
      key: 'task.login:wall_time',
      title: 'Log in to the desktop',
      beforeSeconds: { median: 22, min: 21, max: 23, samples: 3 },
      afterSeconds: { median: 8.2, min: 8, max: 8.5, samples: 3 },
      outcome: 'faster',
      savedPerOccurrence: 13.8,
    });
    expect(v.totals.savedPerDaySeconds).toBeGreaterThan(0);
  });
});
