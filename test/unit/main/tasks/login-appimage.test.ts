// The AppImage's login timing autostarts the AppImage by its absolute path: when the file is
// moved or replaced, arm refuses and status/collect say so in one line instead of timing nothing.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  armLogin,
  collectLoginResult,
  entryProgram,
  loginStatus,
} from '../../../../src/main/tasks/login';
import { tempDirs } from '../../../integration/engine/helpers';

const tempDir = tempDirs();

function setup() {
  const root = tempDir('login-appimage');
  const apps = join(root, 'Apps');
  mkdirSync(apps);
  const appImage = join(apps, 'Drive wise 100%.AppImage');
  writeFileSync(appImage, '#!/bin/sh\n', { mode: 0o755 });
  const env = { HOME: root, XDG_CONFIG_HOME: join(root, '.config'), APPIMAGE: appImage };
  const configDir = join(root, '.config/drivewise');
  const arm = () =>
    armLogin({ env, configDir, probeScript: join(root, 'none.js'), execPath: '/tmp/.mount/x' });
  return { root, appImage, env, configDir, arm };
}

describe('the AppImage login timer checks that its AppImage is still there', () => {
  it('armed from an AppImage that is there: no problem; the entry names it exactly', async () => {
    const { appImage, arm } = setup();
    const s = await arm();
    expect(s.armed).toBe(true);
    expect(s.problem).toBeUndefined();
    expect(entryProgram(readFileSync(s.entryPath, 'utf8'))).toBe(appImage);
  });

  it('moved after arming: status and collect say so in one line', async () => {
    const { appImage, env, configDir, arm } = setup();
    await arm();
    renameSync(appImage, `${appImage}.old`);
    const s = await loginStatus(env, configDir);
    expect(s.problem).toBe(
      `login timing: the AppImage ${appImage} is not there any more (moved or replaced), so logins ` +
        'are not being timed: start Drivewise from where the AppImage is now and arm login timing again',
    );
    const lines: string[] = [];
    const got = await collectLoginResult(
      env,
      configDir,
      () => Promise.resolve('x'),
      undefined,
      (l) => lines.push(l),
    );
    expect(got).toBeNull();
    expect(lines).toEqual([s.problem]);
  });

  it('arming from an AppImage path that does not exist is refused in one line', async () => {
    const { appImage, arm } = setup();
    renameSync(appImage, `${appImage}.old`);
    await expect(arm()).rejects.toThrow(/^could not arm the login timing: .*not there any more/);
    await expect(arm()).rejects.not.toThrow(/\n/);
  });

  it('the plain-Node entry (.deb, npm start) is not an AppImage and has no such problem', async () => {
    const { env, configDir, root } = setup();
    const probe = join(root, 'probe.js');
    writeFileSync(probe, '//\n');
    const { APPIMAGE: _drop, ...plain } = env;
    const s = await armLogin({ env: plain, configDir, probeScript: probe, execPath: '/gone/bin' });
    expect(s.problem).toBeUndefined();
    expect(entryProgram('Exec=env ELECTRON_RUN_AS_NODE=1 /x y\n')).toBe('env');
  });
});
