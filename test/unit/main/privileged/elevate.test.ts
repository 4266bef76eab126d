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
  APPIMAGE_REFUSAL,
  checkedRuntime,
  rootRunRefusal,
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

  it("refuses a password prompt inside an AppImage: every file root would run is the user's", () => {
    const env = { APPIMAGE: '/home/a/Drivewise.AppImage', APPDIR: '/tmp/.mount_DriveXYZ' };
    const rt = helperRuntime({
      electron: true,
      execPath: '/tmp/.mount_DriveXYZ/drivewise',
      env,
      script: '/tmp/.mount_DriveXYZ/resources/app.asar.unpacked/dist/main/root-helper.js',
    });
    expect(rt.refused).toBe(APPIMAGE_REFUSAL);
    expect(rt.refused).not.toMatch(/\n/);
    // Nothing is copied anywhere any more (the copy in a user-writable folder was the hole).
    expect(rt.copyScriptOut).toBeUndefined();
    expect(
      helperRuntime({
        electron: false,
        execPath: '/usr/bin/node',
        env: {},
        script: '/x/root-helper.js',
      }),
    ).toEqual({ execPath: '/usr/bin/node', runAsNode: false, script: '/x/root-helper.js' });
  });
});

describe('root runs only files no user can change', () => {
  type St = { uid: number; gid: number; mode: number; link?: boolean };
  const tree =
    (t: Record<string, St>) =>
    (p: string): { uid: number; gid: number; mode: number; isSymbolicLink: () => boolean } => {
      const st = t[p];
      if (!st) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return { ...st, isSymbolicLink: () => !!st.link };
    };
  const root = (mode: number, gid = 0): St => ({ uid: 0, gid, mode });
  const deb: Record<string, St> = {
    '/': root(0o40755),
    '/opt': root(0o40755),
    '/opt/Drivewise': root(0o40755),
    '/opt/Drivewise/drivewise': root(0o100755),
  };
  const fs = (t: Record<string, St>, real = (p: string) => p) => ({
    realpath: real,
    lstat: tree(t),
  });

  it('accepts the .deb install dir: root-owned all the way up, writable by root only', () => {
    expect(rootRunRefusal('/opt/Drivewise/drivewise', fs(deb))).toBeNull();
  });

  it('refuses a file, or any folder above it, that a user owns or others may write', () => {
    const home: Record<string, St> = {
      ...deb,
      '/home': root(0o40755),
      '/home/a': { uid: 1000, gid: 1000, mode: 0o40755 },
    };
    home['/home/a/x.js'] = root(0o100644);
    expect(rootRunRefusal('/home/a/x.js', fs(home))).toMatch(
      /files your account can change \(\/home\/a\)/,
    );
    const tmp = { ...deb, '/tmp': root(0o41777), '/tmp/x.js': root(0o100644) };
    expect(rootRunRefusal('/tmp/x.js', fs(tmp))).toMatch(/\(\/tmp\)/);
    const staff: Record<string, St> = {
      ...deb,
      '/usr': root(0o40755),
      '/usr/local': root(0o42775, 50),
    };
    staff['/usr/local/x.js'] = root(0o100644);
    expect(rootRunRefusal('/usr/local/x.js', fs(staff))).toMatch(/\(\/usr\/local\)/);
    // Root's group is not root: its members may write a group-writable folder (issue 37, class 1).
    const groupRoot = { ...deb, '/srv': root(0o40775, 0), '/srv/x.js': root(0o100644) };
    expect(rootRunRefusal('/srv/x.js', fs(groupRoot))).toMatch(/\(\/srv\)/);
    const userFile = { ...deb, '/opt/Drivewise/x.js': { uid: 1000, gid: 0, mode: 0o100644 } };
    expect(rootRunRefusal('/opt/Drivewise/x.js', fs(userFile))).toMatch(/x\.js\)/);
  });

  it('checks the real path of a symlink and runs that path, and refuses a missing helper', () => {
    const real = (p: string) => (p === '/usr/bin/drivewise' ? '/opt/Drivewise/drivewise' : p);
    expect(rootRunRefusal('/usr/bin/drivewise', fs(deb, real))).toBeNull();
    const gone = () => {
      throw new Error('ENOENT');
    };
    expect(rootRunRefusal('/opt/Drivewise/nope.js', { realpath: gone, lstat: tree(deb) })).toMatch(
      /missing/,
    );
    const rt = checkedRuntime(
      { execPath: '/usr/bin/drivewise', runAsNode: true, script: '/opt/Drivewise/drivewise' },
      (p) => rootRunRefusal(p, fs(deb, real)),
      real,
    );
    expect(rt).toEqual({
      execPath: '/opt/Drivewise/drivewise',
      runAsNode: true,
      script: '/opt/Drivewise/drivewise',
    });
  });

  it('on this machine: a checkout the test user can write is refused unless it is root-owned', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-trust-'));
    try {
      const f = join(dir, 'root-helper.js');
      writeFileSync(f, '');
      // tmpdir() is world-writable (sticky): refused whoever owns the file.
      expect(rootRunRefusal(f)).toMatch(/files your account can change/);
      expect(
        checkedRuntime({ execPath: process.execPath, runAsNode: false, script: f }).refused,
      ).toMatch(/files your account can change/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
