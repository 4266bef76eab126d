import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without types
import * as setup from '../../../scripts/test-setup.mjs';

const { missingPackages, installMethod, refusalLine, REQUIRED } = setup as {
  missingPackages: (env: NodeJS.ProcessEnv, has?: (c: string) => boolean) => string[];
  installMethod: (o: { isRoot: boolean; sudoWorks: boolean; aptGet?: string }) => string[] | null;
  refusalLine: (p: string[]) => string;
  REQUIRED: { command: string; package: string }[];
};

const script = join(__dirname, '../../../scripts/test-setup.mjs');
const hidden = mkdtempSync(join(tmpdir(), 'dw-setup-path-'));
symlinkSync(process.execPath, join(hidden, 'node'));
afterAll(() => rmSync(hidden, { recursive: true, force: true }));

describe('npm test set-up check', () => {
  it('names every package once when nothing is installed', () => {
    const all = missingPackages({}, () => false);
    expect(all).toEqual([...new Set(REQUIRED.map((r) => r.package))]);
    expect(all).toContain('chromium');
    expect(all).toContain('hdparm');
  });

  it('accepts CHROME_PATH instead of the chromium package', () => {
    const env = { CHROME_PATH: process.execPath };
    expect(missingPackages(env, (c) => c !== 'chromium')).toEqual([]);
    expect(missingPackages({ CHROME_PATH: '/nonexistent' }, (c) => c !== 'chromium')).toEqual([
      'chromium',
    ]);
  });

  it('installs as root directly, through password-less sudo otherwise, else not at all', () => {
    expect(installMethod({ isRoot: true, sudoWorks: false, aptGet: '/usr/bin/apt-get' })).toEqual(
      [],
    );
    expect(installMethod({ isRoot: false, sudoWorks: true, aptGet: '/usr/bin/apt-get' })).toEqual([
      'sudo',
      '-n',
    ]);
    expect(installMethod({ isRoot: false, sudoWorks: false, aptGet: '/usr/bin/apt-get' })).toBe(
      null,
    );
    expect(installMethod({ isRoot: true, sudoWorks: true })).toBe(null);
  });

  it('with the tools hidden from PATH, stops at once with one line naming the packages', () => {
    const r = spawnSync(process.execPath, [script], {
      env: { PATH: hidden, DRIVEWISE_SETUP_SBIN: '', DRIVEWISE_NO_INSTALL: '1' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(refusalLine(missingPackages({ PATH: hidden, DRIVEWISE_SETUP_SBIN: '' })));
    for (const p of ['chromium', 'poppler-utils', 'fio', 'hdparm', 'bonnie++', 'g++'])
      expect(lines[0]).toContain(` ${p}`);
  });

  it('passes quietly on this machine once the tools are installed', () => {
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
