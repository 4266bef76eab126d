// The real-world task choices from the CLI flags (and bench.plan/bench.start) reach the engine,
// and a bad choice is one line before anything runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../src/main/router';
import { benchCli } from './cli-bench';
import { leftovers, tempDirs } from './helpers';

const dir = tempDirs();

/** A small tree: a few folders and files, enough for du and tar to have work. */
function tree(): string {
  const root = dir('tree');
  for (let d = 0; d < 3; d++) {
    mkdirSync(join(root, 'src', `d${d}`), { recursive: true });
    for (let f = 0; f < 5; f++)
      writeFileSync(join(root, 'src', `d${d}`, `f${f}.c`), `int f${f}(void) { return ${d}; }\n`);
  }
  return root;
}

describe('drivewise bench task flags', () => {
  it('--system-du --du-root DIR times the system du over that folder', async () => {
    const root = tree();
    const target = dir('du-target');
    const services = createServices({ configDir: dir('cfg') });
    const r = await benchCli(services, target, [
      '--tests',
      'task.du',
      '--system-du',
      '--du-root',
      root,
      '--repetitions',
      '1',
      '--size',
      'task.workloadFiles=1000',
    ]);
    expect(r.err).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    const t = (await r.saved()).tests[0]!;
    expect(t.testId).toBe('task.du');
    expect(t.status).toBe('ok');
    expect(t.method).toBe(
      `system du -skx <the generated workload>, then system du -skx ${root}; CPU = du's user+sys (getrusage of children)`,
    );
    expect(t.extra).toMatchObject({ root });
    expect(t.extra!['kib']).toBeGreaterThan(0);
    expect(t.extra!['entries']).toBeNull(); // only Drivewise's own walk counts entries
    expect(leftovers(target)).toEqual([]);
  });

  it('--tarball FILE unpacks the person’s tarball instead of generating one', async () => {
    const src = tree();
    const archive = join(dir('archive'), 'src.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', src, 'src']);
    const target = dir('unpack-target');
    const services = createServices({ configDir: dir('cfg') });
    const r = await benchCli(services, target, [
      '--tests',
      'task.unpack',
      '--tarball',
      archive,
      '--repetitions',
      '1',
    ]);
    expect(r.code).toBe(0);
    const t = (await r.saved()).tests[0]!;
    expect(t.status).toBe('ok');
    expect(t.method).toMatch(/^tar -xf the chosen tarball \+ sync -f/);
    expect(t.extra).toMatchObject({ tarball: archive });
    expect(leftovers(target)).toEqual([]);
  });

  it('a bad tarball, compression, apps or a flag without its test: exit 2, one line', async () => {
    const services = createServices({ configDir: dir('cfg') });
    const zip = join(dir('zip'), 'src.zip');
    writeFileSync(zip, 'PK');
    const target = dir('bad');
    const cases: [string[], RegExp][] = [
      [
        ['--tests', 'task.unpack', '--tarball', '/nonexistent/linux.tar.xz'],
        /^drivewise: tarball not found: \/nonexistent\/linux\.tar\.xz$/,
      ],
      [['--tests', 'task.unpack', '--tarball', zip], /tarball must be a \.tar, .* file: /],
      [
        ['--tests', 'task.app-start', '--apps', 'no-such-app-dw'],
        /no-such-app-dw is not installed/,
      ],
      [['--tests', 'seeker', '--system-du'], /--system-du is for task\.du/],
      [['--tests', 'task.du', '--du-root', '/nonexistent/tree'], /du root is not a folder/],
    ];
    for (const [args, msg] of cases) {
      const r = await benchCli(services, target, args);
      expect(r.code, args.join(' ')).toBe(2);
      const lines = r.err.trim().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(msg);
      expect(r.out).toBe('');
    }
    // Commander's own refusal, like --label's: the error line plus the usual help hint.
    const r = await benchCli(services, target, ['--tests', 'task.unpack', '--compression', 'zip']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^error: option '--compression <kind>' argument 'zip' is invalid\. Allowed choices are gzip, xz, bzip2\.\n/,
    );
    expect(leftovers(target)).toEqual([]);
  });
});

describe('bench.plan / bench.start with task options', () => {
  it('a missing tarball is an error answer from both, before any job', async () => {
    const services = createServices({ configDir: dir('cfg') });
    const dispatch = createDispatch(createHandlers(services));
    const target = dir('plan');
    const req = {
      targetDir: target,
      profile: 'custom' as const,
      tests: ['task.unpack'],
      options: { 'task.unpack': { compression: 'gzip', tarball: '/nonexistent/linux.tar.xz' } },
    };
    const refused = { ok: false, error: 'tarball not found: /nonexistent/linux.tar.xz' };
    expect(await dispatch('bench.plan', req)).toEqual(refused);
    expect(await dispatch('bench.start', req)).toEqual(refused);
    const ok = await dispatch('bench.plan', { ...req, tests: ['task.du'] });
    expect(ok.ok).toBe(true);
    expect(leftovers(target)).toEqual([]);
  });
});
