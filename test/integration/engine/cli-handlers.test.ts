import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/program';
import { createServices } from '../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../src/main/router';
import type { JobFinished, JobProgress } from '../../../src/shared/contract/jobs';
import { PROFILES } from '../../../src/shared/bench/catalogue';
import { benchCli } from './cli-bench';
import { capture, leftovers, tempDirs, TINY } from './helpers';

const dir = tempDirs();

describe('drivewise bench', () => {
  it('prints a table, progress on stderr, saves the run and writes --json', async () => {
    const target = dir('cli');
    const services = createServices({ configDir: dir('cfg') });
    const json = join(dir('json'), 'run.json');
    const r = await benchCli(services, target, [
      '--tests',
      'seeker,dd-write',
      '--size',
      'file=16M,dd=4M,seekerSeconds=0.3',
      '--repetitions',
      '2',
      '--json',
      json,
      '--label',
      'before',
    ]);
    expect(r.err).toMatch(/Random access \(seeker\).*ETA/);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Random reads per second \(seeker\)\s+[\d,.]+\s+[\d,.]+–[\d,.]+\s+seeks\/s/,
    );
    expect(r.out).toMatch(/Sequential write speed, with sync \(dd\)\s+[\d,.]+\s.*MB\/s/);
    const saved = await r.saved();
    expect(saved.label).toBe('before');
    expect(saved.settings.repetitions).toBe(2);
    expect(saved.tests[0]!.measurements[0]!.samples).toHaveLength(2);
    expect(JSON.parse(readFileSync(json, 'utf8')).id).toBe(r.id);
    expect(leftovers(target)).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    '--admin asks for the helper first (root: no dialog), records it, and gives it back',
    async () => {
      const target = dir('cli-admin');
      const services = createServices({ configDir: dir('cfg-admin') });
      const r = await benchCli(services, target, [
        '--tests',
        'buffered-read',
        '--size',
        'file=16M',
        '--repetitions',
        '1',
        '--admin',
      ]);
      expect(r.err).toMatch(/^admin rights: granted — running as root/);
      expect(r.code).toBe(0);
      const doc = await r.saved();
      expect(doc.privilege.state).toBe('granted');
      const t = doc.tests[0]!;
      expect(t.status).toBe('ok');
      // Either the raw device was read, or (this sandbox refuses /dev/vda) the fallback says why.
      if (!t.method.includes('/dev/'))
        expect(t.caveats.join('\n')).toMatch(/raw read of \/dev\/\S+ failed .*test file instead/);
      expect(services.privileged.status().state).toBe('not-asked');
      expect(leftovers(target)).toEqual([]);
    },
  );

  it('bad input gives one line and exit code 2', async () => {
    const services = createServices({ configDir: dir('cfg') });
    for (const args of [
      ['--dir', '/nonexistent/x'],
      ['--dir', dir('x'), '--repetitions', '0'],
      ['--dir', dir('x'), '--size', 'dd=lots'],
      ['--dir', dir('x'), '--tests', 'nope'],
    ]) {
      const c = capture();
      expect(await runCli(['bench', ...args], c.io, services)).toBe(2);
      expect(c.err.join('').trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('bench.* channels', () => {
  it('bench.start runs a job with progress events and finishes with the run id', async () => {
    const services = createServices({ configDir: dir('cfg'), host: 'browser' });
    const dispatch = createDispatch(createHandlers(services));
    const target = dir('job');
    const progress: JobProgress[] = [];
    const finished = new Promise<JobFinished>((resolve) =>
      services.bus.subscribe((name, payload) => {
        if (name === 'job.progress') progress.push(payload as JobProgress);
        if (name === 'job.finished') resolve(payload as JobFinished);
      }),
    );
    const res = await dispatch('bench.start', {
      targetDir: target,
      profile: 'custom',
      tests: ['seeker'],
      repetitions: 1,
      sizes: { ...TINY, file: 16 * 1024 * 1024 },
      label: 'after',
    });
    expect(res.ok).toBe(true);
    const fin = await finished;
    expect(fin.status).toBe('done');
    const doc = await services.runs.load(fin.resultRef!);
    expect(doc.label).toBe('after');
    expect(
      progress.some((p) => p.testId === 'seeker' && p.label === 'Random access (seeker)'),
    ).toBe(true);
    expect(leftovers(target)).toEqual([]);
  });

  it('bench.start refuses a bad directory as an error answer, not a job', async () => {
    const dispatch = createDispatch(createHandlers(createServices({ configDir: dir('cfg') })));
    expect(await dispatch('bench.start', { targetDir: '/nonexistent/y' })).toEqual({
      ok: false,
      error:
        '/nonexistent/y: no such directory — create it first or choose an existing folder on the drive',
    });
  });

  it('bench.plan estimates durations and space; bench.catalogue lists tests and profiles', async () => {
    const dispatch = createDispatch(createHandlers(createServices({ configDir: dir('cfg') })));
    const plan = await dispatch('bench.plan', { profile: 'quick', targetDir: dir('plan') });
    expect(plan.ok).toBe(true);
    const p = (
      plan as {
        value: {
          totalSeconds: number;
          tests: { id: string }[];
          freeBytes: number;
          bytesRequired: number;
          bytesNeeded: number;
        };
      }
    ).value;
    expect(p.tests.map((t) => t.id)).toEqual(PROFILES.quick.tests);
    expect(p.totalSeconds).toBeGreaterThan(30);
    expect(p.totalSeconds).toBeLessThanOrEqual(120);
    expect(p.freeBytes).toBeGreaterThan(0);
    expect(p.bytesRequired).toBeGreaterThan(p.bytesNeeded);
    const cat = await dispatch('bench.catalogue', {});
    expect(cat.ok).toBe(true);
    const ids = (cat as { value: { tests: { id: string }[]; profiles: { id: string }[] } }).value;
    expect(ids.tests.map((t) => t.id)).toEqual(
      expect.arrayContaining(['cached-read', 'qd-profile', 'bonnie']),
    );
    expect(ids.profiles.map((x) => x.id)).toEqual(['quick', 'full']);
    expect(existsSync(join(dir('none'), 'x'))).toBe(false);
  });
});
