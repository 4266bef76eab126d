import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Availability } from '../../../../src/main/privileged/elevate';
import { applyIdentify } from '../../../../src/main/privileged/identify-drive';
import {
  PrivilegedManager,
  loadSudoPrompt,
  sudoPromptExec,
  type ManagerDeps,
} from '../../../../src/main/privileged/manager';
import type { DriveInfo } from '../../../../src/shared/schemas/drive';

const pkexecOk: Availability = {
  ok: true,
  direct: false,
  tool: 'pkexec',
  reason: 'pkexec will ask',
};

function deps(over: Partial<ManagerDeps> = {}): ManagerDeps {
  return {
    uid: 1000,
    runtime: () => ({
      execPath: '/usr/bin/node',
      runAsNode: false,
      script: '/x/root-helper.js',
      copyScriptOut: false,
    }),
    availability: () => pkexecOk,
    spawnDirect: () => {
      throw new Error('not root');
    },
    sudoExec: (_cmd, done) =>
      setTimeout(() => done(new Error('User did not grant permission.')), 5),
    askTimeoutMs: 5000,
    ...over,
  };
}

describe('PrivilegedManager without a helper', () => {
  it('starts as not-asked with no operations', () => {
    const m = new PrivilegedManager(deps());
    expect(m.status()).toMatchObject({ state: 'not-asked', ops: [], isRoot: false, canAsk: true });
    expect(m.ops()).toBeNull();
  });

  it('reports unavailable in one line and never prompts', async () => {
    const sudoExec = vi.fn();
    const m = new PrivilegedManager(
      deps({
        availability: () => ({ ok: false, reason: 'no polkit authentication agent is running' }),
        sudoExec,
      }),
    );
    const st = await m.request();
    expect(st).toMatchObject({ state: 'unavailable', canAsk: false, ops: [] });
    expect(st.reason).toMatch(/polkit/);
    expect(sudoExec).not.toHaveBeenCalled();
  });

  it('records a decline, asks only once per session, and re-asks only when told to', async () => {
    const sudoExec = vi.fn<ManagerDeps['sudoExec']>((_c, done) =>
      setTimeout(() => done(new Error('User did not grant permission.')), 5),
    );
    const m = new PrivilegedManager(deps({ sudoExec }));
    const seen: string[] = [];
    m.onChange((s) => seen.push(s.state));
    const [a, b] = await Promise.all([m.request(), m.request()]);
    expect(a.state).toBe('declined');
    expect(b.state).toBe('declined');
    expect(sudoExec).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['asking', 'declined']);
    expect((await m.request()).state).toBe('declined');
    expect(sudoExec).toHaveBeenCalledTimes(1);
    await m.request({ again: true });
    expect(sudoExec).toHaveBeenCalledTimes(2);
    expect(m.ops()).toBeNull();
  });

  it("turns sudo-prompt's missing-agent error into unavailable", async () => {
    const m = new PrivilegedManager(
      deps({ sudoExec: (_c, done) => done(new Error('No polkit authentication agent found.')) }),
    );
    expect(await m.request()).toMatchObject({ state: 'unavailable' });
  });

  it('fails with a reason when the helper never connects', async () => {
    const m = new PrivilegedManager(deps({ sudoExec: () => undefined, askTimeoutMs: 50 }));
    const st = await m.request();
    expect(st.state).toBe('failed');
    expect(st.reason).toMatch(/did not connect in time/);
  });

  it('passes no secret on the command line', async () => {
    let command = '';
    const m = new PrivilegedManager(
      deps({
        sudoExec: (c, done) => {
          command = c;
          done(new Error('User did not grant permission.'));
        },
      }),
    );
    await m.request();
    expect(command).toMatch(
      /^'\/usr\/bin\/node' '\/x\/root-helper.js' '--socket' '.*helper.sock' '--token-file' '.*token' '--parent' '\d+'$/,
    );
    expect(command).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe('starting the prompt and where the helper may run from', () => {
  it('a sudo-prompt that cannot be loaded is "unavailable" in one line, at once', async () => {
    const broken = sudoPromptExec(() => {
      throw new Error("Cannot find module '@vscode/sudo-prompt'\nRequire stack:\n- main.js");
    });
    const m = new PrivilegedManager(deps({ sudoExec: broken, askTimeoutMs: 5 * 60_000 }));
    const t0 = Date.now();
    const st = await m.request();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(st).toMatchObject({ state: 'unavailable', ops: [] });
    expect(st.reason).toMatch(/sudo-prompt\) could not be loaded: Cannot find module/);
    expect(st.reason).not.toMatch(/\n/);
  });

  it('the real sudo-prompt loads synchronously from node_modules and is called once', () => {
    const calls: string[] = [];
    const exec = sudoPromptExec(() => ({
      exec: ((cmd: string, _o: unknown, cb: (e?: Error) => void) => {
        calls.push(cmd);
        cb(new Error('User did not grant permission.'));
      }) as never,
    }));
    let got: Error | undefined;
    exec('true', (e) => (got = e));
    expect(calls).toEqual(['true']);
    expect(got?.message).toMatch(/did not grant/);
    // The default loader finds the installed package synchronously (what the bundle does).
    expect(typeof loadSudoPrompt().exec).toBe('function');
  });

  it('refuses a prompt when the runtime is refused (AppImage, user-writable files): no prompt', async () => {
    const sudoExec = vi.fn();
    const m = new PrivilegedManager(
      deps({
        sudoExec,
        runtime: () => ({
          execPath: '/tmp/.mount_X/drivewise',
          runAsNode: true,
          script: '/tmp/.mount_X/root-helper.js',
          refused: 'admin rights are not offered in the AppImage: install the .deb',
        }),
      }),
    );
    expect(m.status()).toMatchObject({ state: 'not-asked', canAsk: false });
    expect(m.status().reason).toMatch(/AppImage/);
    const st = await m.request();
    expect(st).toMatchObject({ state: 'unavailable', canAsk: false });
    expect(st.reason).toMatch(/AppImage/);
    expect(sudoExec).not.toHaveBeenCalled();
  });
});

describe('canGetAdmin: the one admin-rights rule (app.info shows it)', () => {
  it('root needs no prompt', () => {
    const m = new PrivilegedManager(
      deps({ uid: 0, availability: () => ({ ok: false, reason: 'x' }) }),
    );
    expect(m.canGetAdmin()).toEqual({
      available: true,
      isRoot: true,
      reason: expect.stringMatching(/root/),
    });
  });

  it('follows the prompt check: pkexec without a polkit agent is not available', () => {
    const m = new PrivilegedManager(
      deps({
        availability: () => ({ ok: false, reason: 'no polkit authentication agent is running' }),
      }),
    );
    expect(m.canGetAdmin()).toEqual({
      available: false,
      isRoot: false,
      reason: 'no polkit authentication agent is running',
    });
    expect(m.status().canAsk).toBe(false);
  });

  it('a refused runtime wins over an available prompt, and agrees with status()', () => {
    const m = new PrivilegedManager(
      deps({
        runtime: () => ({
          execPath: '/tmp/.mount_X/drivewise',
          runAsNode: true,
          script: '/tmp/.mount_X/root-helper.js',
          refused: 'admin rights are not offered in the AppImage: install the .deb',
        }),
      }),
    );
    expect(m.canGetAdmin()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/AppImage/),
    });
    expect(new PrivilegedManager(deps()).canGetAdmin()).toEqual({
      available: true,
      isRoot: false,
      reason: 'pkexec will ask',
    });
  });
});

describe('applyIdentify', () => {
  const idDir = join(__dirname, '../../../fixtures/drives/identify');
  const drive: DriveInfo = {
    path: '/dev/sda',
    name: 'sda',
    model: null,
    vendor: null,
    serial: null,
    firmware: null,
    sizeBytes: 2000398934016,
    kind: 'hdd',
    kindEvidence: ['rotational=1'],
    transport: 'sata',
    rotational: true,
    link: null,
    logicalSectorBytes: 512,
    physicalSectorBytes: 512,
    trim: null,
    scheduler: 'mq-deadline',
    removable: false,
    partitions: [],
    holds: [],
    isSystem: false,
  };

  it('merges real smartctl output and keeps tool notes', () => {
    const smart = readFileSync(join(idDir, 'smartctl-hdd-samsung-hd204ui.json'), 'utf8');
    const r = applyIdentify(drive, {
      smartctl: smart,
      hdparm: null,
      notes: ['hdparm is not installed'],
    });
    expect(r.drive.model).toMatch(/HD204UI/);
    expect(r.drive.rpm).toBe(5400);
    expect(r.notes).toEqual(['hdparm is not installed']);
  });

  it('corrects rotational=1 with hdparm -I saying solid state, and notes junk output', () => {
    const hd = readFileSync(join(idDir, 'hdparm-I-ssd-wdc-wds120g1g0a.txt'), 'utf8');
    const r = applyIdentify(drive, { smartctl: 'garbage', hdparm: hd, notes: [] });
    expect(r.drive.kind).toBe('sata-ssd');
    expect(r.notes[0]).toMatch(/^smartctl: /);
  });
});
