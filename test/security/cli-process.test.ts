// Issue 14, class 7 (the CLI's smaller ones), on the real process: a closed pipe is not a stack
// trace, signals give 130/143 and leave nothing behind, a failed test is a non-zero exit, an
// empty --dir is refused, and a RAM or device folder gets the same warning as `drives --for`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../integration/engine/helpers';
import { CLI, isRoot, runDrivewise } from './cli-run';
import { recordAttack } from './tally';

const tempDir = tempDirs();
const drivewiseFolders = (d: string) => readdirSync(d).filter((n) => n.startsWith('.drivewise'));
const LONG = ['--tests', 'seeker', '--size', 'file=16M,seekerSeconds=60', '--repetitions', '1'];

describe('stdout closed early', () => {
  it('`drivewise references | head -3` and `references --json | head -c 100`: no EPIPE trace, exit 0', () => {
    const configHome = tempDir('sec-epipe');
    for (const pipe of ['references | head -3', 'references --json | head -c 100']) {
      const [cmd, tail] = pipe.split(' | ');
      const r = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${CLI}" ${cmd} | ${tail} >/dev/null; echo "rc=\${PIPESTATUS[0]}" >&2`,
        ],
        { env: { ...process.env, XDG_CONFIG_HOME: configHome }, encoding: 'utf8', timeout: 60_000 },
      );
      const held = r.stderr.trim() === 'rc=0';
      recordAttack(`cli: ${pipe} (EPIPE)`, { held, crashed: !held });
      expect(r.stderr.trim()).toBe('rc=0');
    }
  });
});

describe('signals', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)
    it(`${signal} during a bench exits ${code}, says it was cancelled and leaves no work folder`, async () => {
      const target = tempDir('sec-sig');
      const r = await runDrivewise(['bench', '--dir', target, ...LONG], {
        configHome: tempDir('sec-sig-cfg'),
        timeoutMs: 120_000,
        onErr: (text, child) => {
          if (/ETA/.test(text) && !child.killed) child.kill(signal);
        },
      });
      const held =
        r.code === code &&
        /cancelled: nothing was saved and the work folder was removed/.test(r.err) &&
        drivewiseFolders(target).length === 0;
      recordAttack(`cli: ${signal} mid-bench`, { held, crashed: r.hung });
      expect({ code: r.code, left: drivewiseFolders(target) }).toEqual({ code, left: [] });
      expect(held).toBe(true);
    });
});

describe('exit codes and --dir', () => {
  it('a bench with a failed test exits 1 (the run is still saved)', async () => {
    const d = tempDir('sec-fail');
    const broken = join(d, 'broken.tar.gz');
    writeFileSync(broken, 'this is not gzip data\n'.repeat(100));
    const configHome = tempDir('sec-fail-cfg');
    const r = await runDrivewise(
      ['bench', '--dir', d, '--tests', 'task.unpack', '--tarball', broken],
      { configHome, timeoutMs: 120_000 },
    );
    const held =
      r.code === 1 &&
      /saved run \S+/.test(r.out) &&
      /1 test\(s\) failed \(task\.unpack: /.test(r.err);
    recordAttack('cli: bench with a failed test exits non-zero', { held });
    expect({ code: r.code, err: r.err.split('\n').at(-2) }).toMatchObject({ code: 1 });
    expect(held).toBe(true);
  });

  it('--dir "" is refused; nothing is written in the current folder', async () => {
    const cwd = tempDir('sec-empty-dir');
    const r = await runDrivewise(['bench', '--dir', '', ...LONG], {
      configHome: tempDir('sec-empty-cfg'),
      cwd,
      timeoutMs: 60_000,
    });
    const held = r.code === 2 && /--dir is empty/.test(r.err) && readdirSync(cwd).length === 0;
    recordAttack('cli: bench --dir ""', { held });
    expect(held).toBe(true);
  });

  it('--dir /dev/shm/… and --dir /dev get the warning `drives --for` gives (then cancelled here)', async () => {
    const shm = join('/dev/shm', `dw-sec-${process.pid}`);
    mkdirSync(shm, { recursive: true });
    try {
      for (const dir of [shm, '/dev']) {
        const configHome = tempDir('sec-ram-cfg');
        const forOut = execFileSync(process.execPath, [CLI, 'drives', '--for', dir], {
          encoding: 'utf8',
          env: { ...process.env, XDG_CONFIG_HOME: configHome },
        });
        const warning = /^warning: .*$/m.exec(forOut)?.[0];
        expect(warning).toMatch(/lives in RAM/);
        const before = readdirSync(dir);
        const r = await runDrivewise(['bench', '--dir', dir, ...LONG], {
          configHome,
          timeoutMs: 120_000,
          onErr: (text, child) => {
            if (/^warning: /m.test(text) && !child.killed) child.kill('SIGTERM');
          },
        });
        const held =
          r.err.includes(`${warning}\n`) &&
          r.code === 143 &&
          readdirSync(dir).filter((n) => !before.includes(n) && n.startsWith('.drivewise'))
            .length === 0;
        recordAttack(
          `cli: bench --dir ${dir === '/dev' ? '/dev' : '/dev/shm'} warns like drives --for`,
          {
            held,
          },
        );
        expect(r.err).toContain(`${warning}\n`);
        expect(held).toBe(true);
      }
    } finally {
      if (existsSync(shm)) rmSync(shm, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!isRoot)(
  'bench --json into /dev (root): a device-node name is refused before the run',
  () => {
    it('--json /dev/null --force: refused, /dev/null untouched', async () => {
      const r = await runDrivewise(
        ['bench', '--dir', tempDir('sec-json-dev'), ...LONG, '--json', '/dev/null', '--force'],
        {
          configHome: tempDir('sec-json-dev-cfg'),
          timeoutMs: 60_000,
        },
      );
      const held = r.code === 2 && /refusing to write \/dev\/null: it is a device node/.test(r.err);
      recordAttack('cli: bench --json /dev/null --force', { held });
      expect(held).toBe(true);
    });
  },
);
