import { mkdtempSync, readFileSync, writeFileSync, existsSync, appendFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecFn } from '../../../../src/main/tasks/exec-text';
import {
  armLogin,
  collectLoginResult,
  desktopEntry,
  disarmLogin,
  execArg,
  loginStatus,
} from '../../../../src/main/tasks/login';
import { loginSeconds, parseProbeRecords } from '../../../../src/main/tasks/login-result';
import { loginProbeTarget, probeCommand } from '../../../../src/main/tasks/login-probe-record';
import { fixture } from './fixture';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'dw-login-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const loginctl: ExecFn = async () => ({
  code: 0,
  stdout: fixture('loginctl-show-session.txt'),
  stderr: '',
});
const noSystemd: ExecFn = async () => ({
  code: 1,
  stdout: '',
  stderr: fixture('loginctl-show-session-nosystemd.stderr.txt'),
});

describe('desktop entry', () => {
  it('quotes Exec arguments per the Desktop Entry spec and never sets the GNOME phase', () => {
    expect(execArg('/usr/bin/node')).toBe('/usr/bin/node');
    expect(execArg('/home/a b/x$y%')).toBe('"/home/a b/x\\$y%%"');
    const e = desktopEntry([
      'env',
      'ELECTRON_RUN_AS_NODE=1',
      '/opt/Drive wise/drivewise',
      '/c/p.js',
    ]);
    expect(e).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
    expect(e).toContain('Exec=env ELECTRON_RUN_AS_NODE=1 "/opt/Drive wise/drivewise" /c/p.js\n');
    expect(e).not.toMatch(/X-GNOME-Autostart-Phase/);
  });
});

describe('autostart command', () => {
  const p = { script: '/c/login-probe.js', records: '/c/login-probes.jsonl' };
  it("AppImage: the app's own switch, so AppRun's --no-sandbox cannot break it", () => {
    expect(
      probeCommand({ APPIMAGE: '/home/a/Apps/Drive wise.AppImage' }, '/tmp/.mount_x/drivewise', p),
    ).toEqual([
      '/home/a/Apps/Drive wise.AppImage',
      '--drivewise-login-probe',
      '/c/login-probes.jsonl',
    ]);
  });
  it('.deb, npm start and the CLI: the copied probe under the binary run as plain Node', () => {
    expect(probeCommand({}, '/opt/Drivewise/drivewise', p)).toEqual([
      'env',
      'ELECTRON_RUN_AS_NODE=1',
      '/opt/Drivewise/drivewise',
      '/c/login-probe.js',
      '/c/login-probes.jsonl',
    ]);
  });
  it('finds the switch after --no-sandbox and other switches, and wants an absolute path', () => {
    expect(
      loginProbeTarget(['/x/AppRun', '--no-sandbox', '--drivewise-login-probe', '/c/r.jsonl']),
    ).toBe('/c/r.jsonl');
    expect(loginProbeTarget(['/x/drivewise', '--drivewise-login-probe=/c/r.jsonl'])).toBe(
      '/c/r.jsonl',
    );
    expect(loginProbeTarget(['/x/drivewise', '--no-sandbox'])).toBeNull();
    expect(loginProbeTarget(['/x/drivewise', '--drivewise-login-probe'])).toBeInstanceOf(Error);
    expect(
      loginProbeTarget(['/x/drivewise', '--drivewise-login-probe', 'rel.jsonl']),
    ).toBeInstanceOf(Error);
  });
  it('arming inside an AppImage writes the switch form and copies no probe script', async () => {
    const home = tmp();
    const env = { HOME: home, APPIMAGE: join(home, 'Drivewise.AppImage') };
    // Arming checks the AppImage is there (login-appimage.test.ts).
    writeFileSync(env.APPIMAGE, '');
    const configDir = join(home, '.config', 'drivewise');
    const st = await armLogin({
      env,
      configDir,
      probeScript: join(process.cwd(), 'dist/main/login-probe.js'),
      execPath: '/tmp/.mount_x/drivewise',
    });
    const exec = /^Exec=(.*)$/m.exec(readFileSync(st.entryPath, 'utf8'))![1]!;
    expect(exec).toBe(
      `${env.APPIMAGE} --drivewise-login-probe ${join(configDir, 'login-probes.jsonl')}`,
    );
    expect(existsSync(join(configDir, 'login-probe.js'))).toBe(false);
  });
});

describe('login seconds', () => {
  it('takes desktop ready − session start (both CLOCK_MONOTONIC µs)', async () => {
    const r = {
      probeMonotonicUs: '27393422044',
      realtimeMs: 0,
      sessionId: '3',
      sessionStartUs: '27381922044',
    };
    expect(await loginSeconds(r, noSystemd)).toBe(11.5);
  });
  it('asks loginctl when the probe could not', async () => {
    const r = {
      probeMonotonicUs: '27390922044',
      realtimeMs: 0,
      sessionId: '3',
      sessionStartUs: null,
    };
    expect(await loginSeconds(r, loginctl)).toBe(9);
  });
  it('falls back to graphical-session.target, and gives up without any start', async () => {
    const base = {
      probeMonotonicUs: '5000000',
      realtimeMs: 0,
      sessionId: null,
      sessionStartUs: null,
    };
    expect(await loginSeconds({ ...base, graphicalSessionUs: '2000000' }, noSystemd)).toBe(3);
    expect(await loginSeconds(base, noSystemd)).toBeNull();
  });
  it('skips torn lines', () => {
    expect(parseProbeRecords('{"probeMonotonicUs":"1","realtimeMs":1}\n{"probeMon')).toHaveLength(
      1,
    );
  });
});

describe('arm, probe, collect, disarm', () => {
  it('runs the real probe from the autostart entry and stores the delta once', async () => {
    const home = tmp();
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
    const configDir = join(home, 'cfg', 'drivewise');
    const probe = join(process.cwd(), 'dist/main/login-probe.js');
    const st = await armLogin({ env, configDir, probeScript: probe, execPath: process.execPath });
    expect(st).toEqual({
      armed: true,
      entryPath: join(home, 'cfg/autostart/drivewise-login-probe.desktop'),
      pending: 0,
      target: null,
    });
    const entry = readFileSync(st.entryPath, 'utf8');
    const exec = /^Exec=(.*)$/m.exec(entry)![1]!;
    // Run the Exec line as a desktop session would (no quoting needed in these temp paths).
    const { execFileSync } = await import('node:child_process');
    const argv = exec.split(' ');
    execFileSync(argv[0]!, argv.slice(1), { env: { ...process.env, XDG_SESSION_ID: '' } });
    expect((await loginStatus(env, configDir)).pending).toBe(1);
    const rec = parseProbeRecords(readFileSync(join(configDir, 'login-probes.jsonl'), 'utf8'))[0]!;
    expect(BigInt(rec.probeMonotonicUs)).toBeGreaterThan(0n);
    // No logind here: give the record a session start 8 s before the probe to see the full path.
    writeFileSync(
      join(configDir, 'login-probes.jsonl'),
      JSON.stringify({
        ...rec,
        sessionStartUs: String(BigInt(rec.probeMonotonicUs) - 8_000_000n),
      }) + '\n',
    );
    const saved: unknown[] = [];
    const got = await collectLoginResult(
      env,
      configDir,
      async (r) => {
        saved.push(r);
        // A login finishing while we save must survive for the next collection.
        appendFileSync(
          join(configDir, 'login-probes.jsonl'),
          '{"probeMonotonicUs":"9","realtimeMs":1}\n',
        );
        return 'run-1';
      },
      noSystemd,
    );
    expect(got?.runId).toBe('run-1');
    expect(got?.result.measurements[0]).toMatchObject({
      metric: 'wall_time',
      samples: [8],
      median: 8,
    });
    expect(saved).toHaveLength(1);
    expect((await loginStatus(env, configDir)).pending).toBe(1);
    const off = await disarmLogin(env, configDir);
    expect(off.armed).toBe(false);
    expect(existsSync(st.entryPath)).toBe(false);
  });

  it('keeps the records when saving fails', async () => {
    const home = tmp();
    const env = { HOME: home };
    const configDir = join(home, 'dw');
    await armLogin({
      env,
      configDir,
      probeScript: join(process.cwd(), 'dist/main/login-probe.js'),
      execPath: process.execPath,
    });
    writeFileSync(
      join(configDir, 'login-probes.jsonl'),
      '{"probeMonotonicUs":"9000000","realtimeMs":1,"sessionStartUs":"1000000"}\n',
    );
    await expect(
      collectLoginResult(env, configDir, () => Promise.reject(new Error('disk full')), noSystemd),
    ).rejects.toThrow('disk full');
    expect((await loginStatus(env, configDir)).pending).toBe(1);
    expect(await collectLoginResult({ HOME: tmp() }, tmp(), async () => 'x', noSystemd)).toBeNull();
  });
});

describe('collectLoginAtStart', () => {
  it('stores pending logins as a run and never throws', async () => {
    const { collectLoginAtStart } = await import('../../../../src/main/tasks/login-start');
    const { RunStore } = await import('../../../../src/main/store/run-store');
    const home = tmp();
    const configDir = join(home, 'dw');
    const s = { env: { HOME: home }, configDir, runs: new RunStore(configDir), version: '0.1.0' };
    expect(await collectLoginAtStart(s)).toBeNull();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(
      join(configDir, 'login-probes.jsonl'),
      '{"probeMonotonicUs":"21000000","realtimeMs":1,"sessionStartUs":"9000000"}\n',
    );
    const got = await collectLoginAtStart(s);
    const doc = await s.runs.load(got!.runId!);
    expect(doc.name).toBe('Login to desktop');
    expect(doc.tests[0]!.measurements[0]!.samples).toEqual([12]);
    // A run store that cannot write: nothing thrown, the login stays pending.
    writeFileSync(
      join(configDir, 'login-probes.jsonl'),
      '{"probeMonotonicUs":"2","realtimeMs":1,"sessionStartUs":"1"}\n',
    );
    const broken = {
      ...s,
      runs: { save: () => Promise.reject(new Error('EROFS')) } as unknown as typeof s.runs,
    };
    expect(await collectLoginAtStart(broken)).toBeNull();
    expect((await loginStatus(s.env, configDir)).pending).toBe(1);
  });
});
