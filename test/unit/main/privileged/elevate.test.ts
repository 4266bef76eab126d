import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  elevatedCommand,
  elevationAvailability,
  findPolkitAgent,
  helperArgv,
  helperRuntime,
  helperScriptPath,
  isPolkitAgentName,
} from '../../../../src/main/privileged/elevate';

describe('elevationAvailability', () => {
  const has =
    (...paths: string[]) =>
    (p: string) =>
      paths.includes(p);
  it('needs no tool when already root', () => {
    expect(elevationAvailability({ uid: 0, exists: has(), agent: () => null })).toMatchObject({
      ok: true,
      direct: true,
    });
  });
  it('prefers kdesudo like sudo-prompt does, which needs no polkit agent', () => {
    expect(
      elevationAvailability({
        uid: 1000,
        exists: has('/usr/bin/kdesudo', '/usr/bin/pkexec'),
        agent: () => null,
      }),
    ).toMatchObject({ ok: true, tool: 'kdesudo' });
  });
  it('uses pkexec only when a polkit agent runs', () => {
    expect(
      elevationAvailability({
        uid: 1000,
        exists: has('/usr/bin/pkexec'),
        agent: () => 'polkit-gnome-authentication-agent-1',
      }),
    ).toMatchObject({ ok: true, tool: 'pkexec' });
    const none = elevationAvailability({
      uid: 1000,
      exists: has('/usr/bin/pkexec'),
      agent: () => null,
    });
    expect(none).toMatchObject({ ok: false });
    expect(none.reason).toMatch(/no polkit authentication agent/);
  });
  it('says in one line when nothing can ask', () => {
    const r = elevationAvailability({ uid: 1000, exists: has(), agent: () => 'gnome-shell' });
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/neither pkexec nor kdesudo/);
    expect(r.reason).not.toContain('\n');
  });
});

describe('polkit agent detection', () => {
  it('knows common agents and ignores the daemon and helpers', () => {
    for (const n of [
      'polkit-gnome-authentication-agent-1',
      'polkit-kde-authentication-agent-1',
      'lxpolkit',
      'gnome-shell',
      'xfce-polkit',
      'polkit-mate-authentication-agent-1',
      'lxqt-policykit-agent',
    ])
      expect(isPolkitAgentName(n), n).toBe(true);
    for (const n of ['polkitd', 'polkit-agent-helper-1', 'bash', 'gnome-shell-calendar-server'])
      expect(isPolkitAgentName(n), n).toBe(false);
  });

  const proc = mkdtempSync(join(tmpdir(), 'dw-proc-'));
  afterAll(() => rmSync(proc, { recursive: true, force: true }));
  const addProc = (pid: string, cmdline: string) => {
    mkdirSync(join(proc, pid));
    writeFileSync(join(proc, pid, 'cmdline'), cmdline);
  };

  it('scans /proc/<pid>/cmdline', () => {
    addProc('1', '/sbin/init\0');
    addProc('77', '/usr/lib/polkit-1/polkitd\0--no-debug\0');
    mkdirSync(join(proc, 'self'));
    expect(findPolkitAgent(proc)).toBeNull();
    addProc('1234', '/usr/lib/policykit-1-gnome/polkit-gnome-authentication-agent-1\0');
    expect(findPolkitAgent(proc)).toBe('polkit-gnome-authentication-agent-1');
  });
});

describe('helper command', () => {
  const paths = {
    dir: '/run/user/1000/drivewise-admin-x',
    socket: '/run/user/1000/drivewise-admin-x/helper.sock',
    tokenFile: '/run/user/1000/drivewise-admin-x/token',
  };

  it('passes paths and the parent pid, never the token', () => {
    const argv = helperArgv(paths, 4242, 60);
    expect(argv).toEqual([
      '--socket',
      paths.socket,
      '--token-file',
      paths.tokenFile,
      '--parent',
      '4242',
      '--idle-seconds',
      '60',
    ]);
  });

  it('quotes every word and runs Electron as node through the shell', () => {
    const cmd = elevatedCommand(
      '/opt/Drive wise/drivewise',
      '/opt/Drive wise/resources/app.asar.unpacked/dist/main/root-helper.js',
      helperArgv(paths, 7),
      true,
    );
    expect(cmd).toBe(
      "ELECTRON_RUN_AS_NODE=1 '/opt/Drive wise/drivewise' '/opt/Drive wise/resources/app.asar.unpacked/dist/main/root-helper.js' '--socket' '/run/user/1000/drivewise-admin-x/helper.sock' '--token-file' '/run/user/1000/drivewise-admin-x/token' '--parent' '7'",
    );
  });

  it('refuses paths that a shell would interpret', () => {
    for (const bad of [
      '/opt/$(reboot)/node',
      "/opt/it's/node",
      '/opt/`x`/node',
      '/opt/a"b/node',
      '/opt/x\n/node',
    ])
      expect(() => elevatedCommand(bad, '/x.js', [], false)).toThrow(/special characters/);
  });

  it('maps app.asar to app.asar.unpacked and finds dist/main under vitest', () => {
    const p = helperScriptPath('/opt/Drivewise/resources/app.asar/dist/main', () => true);
    expect(p).toBe('/opt/Drivewise/resources/app.asar.unpacked/dist/main/root-helper.js');
    const dev = helperScriptPath('/work/main/src/main/privileged', (f) =>
      String(f).includes('/dist/'),
    );
    expect(dev).toBe('/work/main/dist/main/root-helper.js');
  });

  it('relaunches through $APPIMAGE and copies the script out when inside an AppImage', () => {
    const env = { APPIMAGE: '/home/a/Drivewise.AppImage', APPDIR: '/tmp/.mount_DriveXYZ' };
    expect(
      helperRuntime({
        electron: true,
        execPath: '/tmp/.mount_DriveXYZ/drivewise',
        env,
        script: '/tmp/.mount_DriveXYZ/resources/app.asar.unpacked/dist/main/root-helper.js',
      }),
    ).toEqual({
      execPath: '/home/a/Drivewise.AppImage',
      runAsNode: true,
      script: '/tmp/.mount_DriveXYZ/resources/app.asar.unpacked/dist/main/root-helper.js',
      copyScriptOut: true,
    });
    expect(
      helperRuntime({
        electron: false,
        execPath: '/usr/bin/node',
        env: {},
        script: '/x/root-helper.js',
      }),
    ).toEqual({
      execPath: '/usr/bin/node',
      runAsNode: false,
      script: '/x/root-helper.js',
      copyScriptOut: false,
    });
  });
});
