// The real-world task choices (wizard and CLI) are checked before a run, one line per mistake.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../../../src/main/core/errors';
import { taskOptionsFromFlags } from '../../../../../src/main/engine/host/bench-cli';
import { checkTaskOptions } from '../../../../../src/main/engine/host/task-options';
import { planBench } from '../../../../../src/main/engine/host/validated-plan';
import { checkTarball } from '../../../../../src/main/tasks/unpack-options';

const dir = mkdtempSync(join(tmpdir(), 'dw-task-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => {
  const p = join(dir, name);
  writeFileSync(p, 'x');
  return p;
};
const ALL = ['task.du', 'task.unpack', 'task.app-start'];

describe('checkTarball', () => {
  it('accepts the five tar kinds and returns an absolute path', () => {
    for (const ext of ['.tar', '.tar.gz', '.tgz', '.tar.xz', '.TAR.BZ2']) {
      const p = file(`src${ext}`);
      expect(checkTarball(`  ${p} `)).toBe(p);
    }
  });

  it('refuses a missing file, a folder, another kind, a relative path in one line', () => {
    const folder = join(dir, 'tree.tar');
    mkdirSync(folder);
    const cases: [unknown, string][] = [
      [join(dir, 'nope.tar.xz'), `tarball not found: ${join(dir, 'nope.tar.xz')}`],
      [folder, `tarball is not a file: ${folder}`],
      [
        file('src.zip'),
        `tarball must be a .tar, .tar.gz, .tgz, .tar.xz or .tar.bz2 file: ${join(dir, 'src.zip')}`,
      ],
      [
        'linux.tar.xz',
        'tarball: give the full path (like /home/you/linux-6.8.tar.xz), not linux.tar.xz',
      ],
      ['', 'tarball must be the path of a file'],
      [42, 'tarball must be the path of a file'],
    ];
    for (const [v, msg] of cases) {
      let err: unknown;
      try {
        checkTarball(v);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UserError);
      expect((err as Error).message).toBe(msg);
      expect(msg).not.toContain('\n');
    }
  });

  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file', () => {
    const p = file('secret.tgz');
    chmodSync(p, 0o000);
    expect(() => checkTarball(p)).toThrow(`tarball cannot be read (permission denied): ${p}`);
  });

  it('reads ~ as the home folder', () => {
    expect(() => checkTarball('~/surely-not-here.tar.gz')).toThrow(
      `tarball not found: ${join(homedir(), 'surely-not-here.tar.gz')}`,
    );
  });
});

describe('checkTaskOptions', () => {
  it('checks only the tests that run, and hands the engine the absolute tarball', () => {
    const bad = { 'task.unpack': { tarball: '/nope.tgz' } };
    expect(checkTaskOptions(['task.du'], bad)).toEqual(bad);
    expect(() => checkTaskOptions(ALL, bad)).toThrow('tarball not found: /nope.tgz');
    const p = file('ok.tar.gz');
    expect(
      checkTaskOptions(ALL, { 'task.unpack': { tarball: `${p}  `, compression: 'xz' } }),
    ).toEqual({ 'task.unpack': { tarball: p, compression: 'xz' } });
  });

  it('refuses a bad du root, systemDu, compression and apps that are not installed', () => {
    expect(() => checkTaskOptions(ALL, { 'task.du': { duRoot: 'usr', systemDu: 'yes' } })).toThrow(
      'systemDu must be true or false, got yes',
    );
    expect(() => checkTaskOptions(ALL, { 'task.du': { duRoot: join(dir, 'none') } })).toThrow(
      `du root is not a folder: ${join(dir, 'none')}`,
    );
    expect(() => checkTaskOptions(ALL, { 'task.du': { duRoot: 'etc' } })).toThrow(
      /du root must be/,
    );
    expect(() => checkTaskOptions(ALL, { 'task.unpack': { compression: 'zip' } })).toThrow(
      /compression must be one of/,
    );
    expect(() =>
      checkTaskOptions(ALL, { 'task.app-start': { apps: ['sh -c true', 'no-such-app-dw'] } }),
    ).toThrow(
      'no-such-app-dw is not installed (name a program on PATH, its full path or a command)',
    );
    // A program without a known start-and-exit recipe needs its whole command.
    expect(() => checkTaskOptions(ALL, { 'task.app-start': { apps: ['sh'] } })).toThrow(
      "sh: no known way to start it and have it exit; give the whole command (like 'sh --version')",
    );
    expect(() => checkTaskOptions(ALL, { 'task.app-start': { apps: [] } })).toThrow(
      /apps must be a list/,
    );
    expect(
      checkTaskOptions(ALL, {
        'task.du': { duRoot: dir, systemDu: true },
        'task.app-start': { apps: ['sh -c true'] },
      }),
    ).toMatchObject({ 'task.du': { duRoot: dir, systemDu: true } });
  });

  it('bench.plan refuses a bad tarball for a plan that unpacks', () => {
    const options = { 'task.unpack': { tarball: '/nope.tar.xz' } };
    expect(() => planBench({ profile: 'full', options })).toThrow(
      'tarball not found: /nope.tar.xz',
    );
    // Quick unpacks too now (issue 15); a plan without the task ignores the option.
    expect(() => planBench({ profile: 'quick', options })).toThrow('tarball not found');
    expect(
      planBench({ profile: 'custom', tests: ['seeker'], options }).plan.tests.length,
    ).toBeGreaterThan(0);
  });
});

describe('bench CLI task flags', () => {
  it('maps the flags to the per-test options the wizard sends', () => {
    expect(
      taskOptionsFromFlags(
        {
          duRoot: 'home',
          systemDu: true,
          tarball: 'linux.tar.xz',
          compression: 'bzip2',
          apps: 'firefox, gimp,,firefox',
        },
        ALL,
      ),
    ).toEqual({
      'task.du': { duRoot: 'home', systemDu: true },
      'task.unpack': { tarball: join(process.cwd(), 'linux.tar.xz'), compression: 'bzip2' },
      'task.app-start': { apps: ['firefox', 'gimp'] },
    });
    expect(taskOptionsFromFlags({ duRoot: 'some/dir' }, ALL)).toEqual({
      'task.du': { duRoot: join(process.cwd(), 'some/dir') },
    });
    expect(taskOptionsFromFlags({}, ALL)).toEqual({});
  });

  it('a flag for a test the run does not include is refused', () => {
    expect(() => taskOptionsFromFlags({ systemDu: true }, ['seeker'])).toThrow(
      '--system-du is for task.du, which this run does not include (add it with --tests or use --profile full)',
    );
    expect(() => taskOptionsFromFlags({ apps: ' , ' }, ALL)).toThrow('--apps: give program names');
  });
});
