// Issue 14, class 5 and the fault figures: a read-only store is refused before a benchmark starts;
// a store that fails at save time (remounted read-only, or full: ENOSPC) loses nothing, because
// the finished run is written somewhere that works and the error names that file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { createServices } from '../../src/main/create-services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { readRunFile } from '../../src/main/store/run-store';
import type { JobFinished } from '../../src/shared/contract/jobs';
import { capture, tempDirs, TINY } from '../integration/engine/helpers';
import { isRoot } from './cli-run';
import { recordAttack } from './tally';

const tempDir = tempDirs();
const mounts: string[] = [];
afterEach(() => {
  for (const m of mounts.splice(0)) execFileSync('umount', ['-l', m]);
});

/** A tmpfs for the config folder (the store): `ro` or a byte size. */
function storeMount(opts: string): string {
  const mnt = tempDir('sec-store-mnt');
  execFileSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', mnt]);
  mounts.push(mnt);
  return mnt;
}

const SEEKER = ['--tests', 'seeker', '--size', 'file=16M,seekerSeconds=0.3', '--repetitions', '1'];
const drivewiseFolders = (d: string) => readdirSync(d).filter((n) => n.startsWith('.drivewise'));

/** `drivewise bench` in-process; `midRun` runs once, at the first progress line. */
async function bench(configDir: string, target: string, extra: string[], midRun?: () => void) {
  const services = createServices({ configDir, env: { ...process.env, HOME: configDir } });
  const c = capture();
  let fired = false;
  const io = {
    out: c.io.out,
    err: (t: string) => {
      if (!fired && midRun && /ETA/.test(t)) {
        fired = true;
        midRun();
      }
      c.io.err(t);
    },
  };
  const t0 = Date.now();
  const code = await runCli(['bench', '--dir', target, ...SEEKER, ...extra], io, services);
  return { code, out: c.out.join(''), err: c.err.join(''), ms: Date.now() - t0 };
}

describe.skipIf(!isRoot)('read-only store (needs root to mount)', () => {
  it('CLI: refused in one line before any measuring; no work folder made', async () => {
    const cfg = storeMount('ro,size=1m');
    const target = tempDir('sec-ro-target');
    const r = await bench(join(cfg, 'drivewise'), target, []);
    const held =
      r.code === 2 &&
      /^drivewise: the run history in .* cannot be written: EROFS \(read-only filesystem\)\n$/.test(
        r.err,
      ) &&
      drivewiseFolders(target).length === 0 &&
      !/ETA/.test(r.err);
    recordAttack('fault: read-only store, CLI bench refused before starting', { held });
    expect(r.err).toMatch(/cannot be written: EROFS/);
    expect(held).toBe(true);
  });

  it('app path: bench.start answers an error, no job starts', async () => {
    const cfg = storeMount('ro,size=1m');
    const s = createServices({ configDir: join(cfg, 'drivewise'), host: 'browser' });
    const res = await createDispatch(createHandlers(s))('bench.start', {
      targetDir: tempDir('sec-ro-app'),
      profile: 'custom',
      tests: ['seeker'],
      repetitions: 1,
      sizes: { ...TINY, file: 16 * 1024 * 1024 },
      label: 'custom',
    });
    const held = !res.ok && /cannot be written: EROFS/.test(res.error);
    recordAttack('fault: read-only store, bench.start refused', { held });
    expect(held).toBe(true);
  });
});

describe.skipIf(!isRoot)('the store fails at save time: 0 lost results', () => {
  it('remounted read-only mid-run: the run goes to the --json file, named in the error, exit 1', async () => {
    const cfg = storeMount('size=1m');
    const target = tempDir('sec-late-ro');
    const json = join(tempDir('sec-late-ro-json'), 'run.json');
    const r = await bench(join(cfg, 'drivewise'), target, ['--json', json], () =>
      execFileSync('mount', ['-o', 'remount,ro', cfg]),
    );
    const doc = existsSync(json) ? await readRunFile(json) : null;
    const held =
      r.code === 1 &&
      r.err.includes(`it was written to ${json} instead`) &&
      /could not be saved to the history \(.*EROFS/.test(r.err) &&
      doc?.tests[0]?.testId === 'seeker' &&
      doc.tests[0].status === 'ok' &&
      drivewiseFolders(target).length === 0;
    recordAttack('fault: store read-only at save, run rescued to --json', { held });
    expect(r.err).toContain(`it was written to ${json} instead`);
    expect(held).toBe(true);
  });

  it('ENOSPC at save (store tmpfs filled mid-run): the run lands next to the work folder', async () => {
    const cfg = storeMount('size=256k');
    const target = tempDir('sec-enospc-save');
    const r = await bench(join(cfg, 'drivewise'), target, [], () => {
      try {
        writeFileSync(join(cfg, 'filler'), Buffer.alloc(1024 * 1024));
      } catch {
        /* full now */
      }
    });
    const rescued = readdirSync(target).filter((n) => /^drivewise-run-.*\.json$/.test(n));
    const doc = rescued[0] ? await readRunFile(join(target, rescued[0])) : null;
    const held =
      r.code === 1 &&
      rescued.length === 1 &&
      r.err.includes(`it was written to ${join(target, rescued[0]!)} instead`) &&
      /ENOSPC/.test(r.err) &&
      doc?.tests[0]?.status === 'ok' &&
      drivewiseFolders(target).length === 0;
    recordAttack('fault: ENOSPC at save, run rescued next to the work folder', { held });
    expect(r.err).toMatch(/ENOSPC/);
    expect(held).toBe(true);
    // And it can be added to a history that works.
    const s2 = createServices({ configDir: tempDir('sec-enospc-import') });
    const c = capture();
    expect(await runCli(['import', join(target, rescued[0]!)], c.io, s2)).toBe(0);
    expect((await s2.runs.list()).map((x) => x.id)).toEqual([doc!.id]);
  });

  it('app path: ENOSPC at save fails the job with the rescue file named; the file holds the run', async () => {
    const cfg = storeMount('size=256k');
    const home = tempDir('sec-app-home');
    const s = createServices({
      configDir: join(cfg, 'drivewise'),
      host: 'browser',
      env: { ...process.env, HOME: home },
    });
    const target = tempDir('sec-app-target');
    let filled = false;
    const finished = new Promise<JobFinished>((done) =>
      s.bus.subscribe((name, payload) => {
        if (name === 'job.progress' && !filled) {
          filled = true;
          try {
            writeFileSync(join(cfg, 'filler'), Buffer.alloc(1024 * 1024));
          } catch {
            /* full now */
          }
        }
        if (name === 'job.finished') done(payload as JobFinished);
      }),
    );
    const res = await createDispatch(createHandlers(s))('bench.start', {
      targetDir: target,
      profile: 'custom',
      tests: ['seeker'],
      repetitions: 1,
      sizes: { ...TINY, file: 16 * 1024 * 1024 },
      label: 'custom',
    });
    expect(res.ok).toBe(true);
    const fin = await finished;
    const file = /written to (\S+) instead/.exec(fin.error ?? '')?.[1];
    const doc = file ? await readRunFile(file) : null;
    const held = fin.status === 'failed' && !!doc && doc.tests[0]?.status === 'ok';
    recordAttack('fault: ENOSPC at save in the app job, run rescued and named', { held });
    expect(fin.error).toMatch(/ENOSPC.*written to .*drivewise-run-.*\.json instead/);
    expect(held).toBe(true);
  });

  it('ENOSPC on the --json file at the end: the run is in the history, the error says so, exit 1', async () => {
    const full = storeMount('size=64k');
    try {
      writeFileSync(join(full, 'filler'), Buffer.alloc(128 * 1024));
    } catch {
      /* full, as intended */
    }
    const cfg = tempDir('sec-json-enospc-cfg');
    const json = join(full, 'run.json');
    const r = await bench(cfg, tempDir('sec-json-enospc'), ['--json', json]);
    const id = /saved run (\S+)/.exec(r.out)?.[1];
    const inHistory = id ? await createServices({ configDir: cfg }).runs.exists(id) : false;
    const held =
      r.code === 1 &&
      /is in the history, but --json failed: cannot write .*run\.json: ENOSPC/.test(r.err) &&
      inHistory &&
      readdirSync(full).join() === 'filler';
    recordAttack('fault: ENOSPC writing bench --json, run kept in history', { held });
    expect(r.err).toMatch(/--json failed: .*ENOSPC/);
    expect(held).toBe(true);
  });
});
