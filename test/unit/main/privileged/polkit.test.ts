// The installed package asks for admin rights through its own polkit action: pkexec on the
// launcher the action names (the prompt says what Drivewise will do), not sudo-prompt's
// `pkexec /bin/bash -c …`. A source checkout and the AppImage keep sudo-prompt.
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { PrivilegedManager, type ManagerDeps } from '../../../../src/main/privileged/manager';
import {
  pkexecFailure,
  polkitLauncher,
  POLKIT_LAUNCHER,
  POLKIT_POLICY,
  type PolkitProbe,
} from '../../../../src/main/privileged/polkit';

const installed: PolkitProbe = {
  exists: (p) => p === POLKIT_POLICY || p === POLKIT_LAUNCHER,
  realpath: (p) => (p === '/usr/bin/drivewise-app' ? '/opt/Drivewise/drivewise-app' : p),
  refusal: () => null,
};

describe('polkitLauncher: only the installed package uses the action', () => {
  it('the binary under /opt/Drivewise (also through the /usr/bin link) with policy and launcher', () => {
    expect(polkitLauncher('/opt/Drivewise/drivewise-app', installed)).toBe(POLKIT_LAUNCHER);
    expect(polkitLauncher('/usr/bin/drivewise-app', installed)).toBe(POLKIT_LAUNCHER);
  });

  it('a source checkout, an AppImage or a missing policy: null (sudo-prompt or no prompt)', () => {
    expect(
      polkitLauncher('/home/ana/drivewise/node_modules/electron/dist/electron', installed),
    ).toBe(null);
    expect(polkitLauncher('/tmp/.mount_Drivew1/drivewise-app', installed)).toBe(null);
    const noPolicy = { ...installed, exists: (p: string) => p === POLKIT_LAUNCHER };
    expect(polkitLauncher('/opt/Drivewise/drivewise-app', noPolicy)).toBe(null);
  });

  it('a launcher another account could change is not offered to root', () => {
    const writable = { ...installed, refusal: () => 'admin rights are not offered …' };
    expect(polkitLauncher('/opt/Drivewise/drivewise-app', writable)).toBe(null);
  });
});

describe("pkexec's answers", () => {
  it('126 is a dismissed dialog, 127 a refusal or no agent, anything else the helper', () => {
    expect(pkexecFailure(126, '').message).toMatch(/dismissed/);
    expect(
      pkexecFailure(127, 'Error executing command as another user: Not authorized\n').message,
    ).toMatch(/^User did not grant permission\. \(Error executing command .*Not authorized\)$/);
    expect(
      pkexecFailure(127, 'Error executing command as another user: No authentication agent found.')
        .message,
    ).toBe('No polkit authentication agent found.');
    expect(pkexecFailure(3, 'drivewise root helper: bad --socket\n').message).toBe(
      'drivewise root helper: bad --socket',
    );
  });
});

/** A pkexec child that writes `stderr` and exits with `code` a moment after it starts. */
function fakePkexec(code: number, stderr: string): ChildProcess {
  const child = new EventEmitter() as ChildProcess;
  const err = new EventEmitter();
  Object.assign(child, { stderr: err });
  setTimeout(() => {
    err.emit('data', Buffer.from(stderr));
    child.emit('exit', code, null);
  }, 5);
  return child;
}

function deps(over: Partial<ManagerDeps>): ManagerDeps {
  return {
    uid: 1000,
    runtime: () => ({
      execPath: '/opt/Drivewise/drivewise-app',
      runAsNode: true,
      script: '/opt/Drivewise/resources/app.asar.unpacked/dist/main/root-helper.js',
    }),
    availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec will ask' }),
    spawnDirect: () => {
      throw new Error('not root');
    },
    sudoExec: vi.fn(),
    askTimeoutMs: 5000,
    ...over,
  };
}

describe('PrivilegedManager on the installed package', () => {
  it('runs pkexec on the launcher with the helper’s arguments, never sudo-prompt', async () => {
    const spawnPkexec = vi.fn((_l: string, _a: string[]) =>
      fakePkexec(126, 'Error executing command as another user: Request dismissed\n'),
    );
    const d = deps({ polkitLauncher: () => POLKIT_LAUNCHER, spawnPkexec });
    const st = await new PrivilegedManager(d).request();
    expect(st).toMatchObject({ state: 'declined', ops: [] });
    expect(d.sudoExec).not.toHaveBeenCalled();
    const [launcher, argv] = spawnPkexec.mock.calls[0]!;
    expect(launcher).toBe(POLKIT_LAUNCHER);
    // No shell, no environment words, no secret: the socket, the token file and our pid.
    expect(argv).toEqual([
      '--socket',
      expect.stringMatching(/helper\.sock$/),
      '--token-file',
      expect.stringMatching(/token$/),
      '--parent',
      String(process.pid),
    ]);
  });

  it('no agent reads as unavailable; a wrong password as declined', async () => {
    const noAgent = deps({
      polkitLauncher: () => POLKIT_LAUNCHER,
      spawnPkexec: () =>
        fakePkexec(127, 'Error executing command as another user: No authentication agent found.'),
    });
    expect(await new PrivilegedManager(noAgent).request()).toMatchObject({ state: 'unavailable' });
    const refused = deps({
      polkitLauncher: () => POLKIT_LAUNCHER,
      spawnPkexec: () => fakePkexec(127, 'Error executing command as another user: Not authorized'),
    });
    expect(await new PrivilegedManager(refused).request()).toMatchObject({ state: 'declined' });
  });

  it('without the launcher (source checkout, AppImage as root) sudo-prompt asks as before', async () => {
    const sudoExec = vi.fn<ManagerDeps['sudoExec']>((_c, done) =>
      done(new Error('User did not grant permission.')),
    );
    const spawnPkexec = vi.fn();
    await new PrivilegedManager(
      deps({ polkitLauncher: () => null, spawnPkexec, sudoExec }),
    ).request();
    expect(sudoExec).toHaveBeenCalledTimes(1);
    expect(spawnPkexec).not.toHaveBeenCalled();
  });
});
