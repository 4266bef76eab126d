// The role's install step run by Debian's ansible-playbook on this machine (a local connection):
// check mode on a host that never had the CLI writes nothing and says what it would install;
// the same bundle twice changes nothing; a 0.1.1 bundle replaces 0.1.0 with nothing of it left.
// The bundles are small tarballs shaped like `npm run dist:cli`'s (one top folder, VERSION).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const found = spawnSync('ansible-playbook', ['--version'], { stdio: 'ignore' });
const skip = found.error
  ? 'ansible-playbook is not installed (npm test installs ansible-core)'
  : null;
if (skip) console.log(`install-upgrade test skipped: ${skip}`);

const root = mkdtempSync('/tmp/dwf-install-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const playbook = join(process.cwd(), 'deploy/ansible/playbook.yml');
const opt = join(root, 'opt/drivewise');

function bundle(version: string, extra: Record<string, string> = {}): string {
  const top = join(root, `b${version}`, `drivewise-cli-${version}`);
  mkdirSync(join(top, 'bin'), { recursive: true });
  writeFileSync(join(top, 'bin/drivewise'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  writeFileSync(join(top, 'VERSION'), `${version}\n`);
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(top, name), text);
  const tgz = join(root, `drivewise-cli-${version}-linux-x64.tar.gz`);
  execFileSync('tar', ['-C', join(root, `b${version}`), '-czf', tgz, `drivewise-cli-${version}`]);
  return tgz;
}

function install(tgz: string, ...more: string[]): { code: number; out: string; changed: number } {
  const inv = join(root, 'inventory.ini');
  writeFileSync(
    inv,
    '[t]\nh1 ansible_connection=local ansible_python_interpreter=/usr/bin/python3 ansible_become=false\n',
  );
  const r = spawnSync(
    'ansible-playbook',
    ['-i', inv, playbook, '--tags', 'install', '-e', `drivewise_install_dir=${opt}`].concat([
      '-e',
      `drivewise_bundle=${tgz}`,
      ...more,
    ]),
    {
      encoding: 'utf8',
      env: { ...process.env, ANSIBLE_HOME: join(root, 'ah'), ANSIBLE_NOCOLOR: '1' },
    },
  );
  const out = `${r.stdout}${r.stderr}`;
  const changed = Number(/h1\s*:.*changed=(\d+)/.exec(out)?.[1] ?? NaN);
  return { code: r.status ?? -1, out, changed };
}

describe.skipIf(skip !== null)('the role installs, upgrades and leaves an install alone', () => {
  it('check mode, first install, same bundle again, 0.1.0 → 0.1.1', () => {
    const old = bundle('0.1.0', { 'only-in-0.1.0': 'x' });
    const next = bundle('0.1.1');

    // The role's argument specs stop a wrong variable before any task, naming it.
    const bad = install(old, '-e', 'drivewise_profile=fastest');
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/drivewise_profile.*(quick, full|choices)/s);
    expect(existsSync(opt)).toBe(false);

    const check = install(old, '--check');
    expect(check.code, check.out).toBe(0);
    expect(check.out).toContain(`would install drivewise-cli-0.1.0-linux-x64.tar.gz in ${opt}`);
    expect(existsSync(opt)).toBe(false);

    const first = install(old);
    expect(first.code, first.out).toBe(0);
    expect(readFileSync(join(opt, 'VERSION'), 'utf8')).toBe('0.1.0\n');

    const again = install(old);
    expect(again.code, again.out).toBe(0);
    expect(again.changed).toBe(0);

    const up = install(next);
    expect(up.code, up.out).toBe(0);
    expect(readFileSync(join(opt, 'VERSION'), 'utf8')).toBe('0.1.1\n');
    expect(execFileSync(join(opt, 'bin/drivewise'), { encoding: 'utf8' })).toBe('0.1.1\n');
    expect(existsSync(join(opt, 'only-in-0.1.0'))).toBe(false);
  }, 180_000);

  it('the playbook and the role are ansible-lint clean (production profile)', () => {
    const lint = spawnSync('ansible-lint', ['--offline', 'playbook.yml', 'roles/drivewise'], {
      cwd: join(process.cwd(), 'deploy/ansible'),
      encoding: 'utf8',
      env: { ...process.env, ANSIBLE_HOME: join(root, 'ah'), NO_COLOR: '1' },
    });
    if (lint.error) return void console.log('ansible-lint is not installed: lint skipped');
    expect(lint.status, `${lint.stdout}${lint.stderr}`).toBe(0);
    expect(`${lint.stdout}${lint.stderr}`).toMatch(/Passed with production profile: 0 failure/);
  }, 300_000);
});
