// Issue 14, class 4: the run store and every file Drivewise reads cannot be made to hang or
// balloon. FIFOs, links to /dev/zero and huge sparse files are planted where runs live and where
// files are imported from; each is reported by name in one line and never read.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/create-services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { importRunFile } from '../../src/main/store/service';
import { readRegularFile, UnsafeFileError } from '../../src/main/store/safe-read';
import { tempDirs } from '../integration/engine/helpers';
import { sampleRun } from './store-fixtures';
import { runDrivewise } from './cli-run';
import { recordAttack } from './tally';

const tempDir = tempDirs();
const mkfifo = (p: string): void => void execFileSync('mkfifo', [p]);

/** A history with one good run and the given hostile entries in runs/. */
async function plantedStore(plant: (runsDir: string) => void) {
  const configHome = tempDir('sec-store');
  const s = createServices({ configDir: join(configHome, 'drivewise') });
  await s.runs.save(sampleRun('good-run'));
  plant(s.runs.runsDir);
  return { configHome, s };
}

describe('hostile files in the run store', () => {
  it('`drivewise runs` with a FIFO, a link to /dev/zero and a 700 MB sparse file: no hang, one line each', async () => {
    const { configHome, s } = await plantedStore((d) => {
      mkfifo(join(d, 'fifo.json'));
      symlinkSync('/dev/zero', join(d, 'zero.json'));
      writeFileSync(join(d, 'huge.json'), '');
      truncateSync(join(d, 'huge.json'), 700 * 1024 * 1024);
    });
    const r = await runDrivewise(['runs'], { configHome, timeoutMs: 90_000 });
    const lines = r.err.trim().split('\n');
    const held =
      !r.hung &&
      r.code === 0 &&
      r.out.includes('good-run') &&
      lines.length === 3 &&
      /runs\/fifo\.json is a FIFO .*moved to runs\/quarantine\/fifo\.json/.test(r.err) &&
      /runs\/zero\.json is a symbolic link .*moved to runs\/quarantine\/zero\.json/.test(r.err) &&
      /runs\/huge\.json is 700 MiB, over the 32 MiB cap/.test(r.err);
    recordAttack('store: FIFO + /dev/zero link + 700 MB sparse file in runs/ (drivewise runs)', {
      held,
      crashed: r.hung || (r.code !== 0 && r.code !== 2),
    });
    expect(r.hung).toBe(false);
    expect(lines).toHaveLength(3);
    expect(held).toBe(true);
    // Quarantine keeps them (never deleted, never read); the link still points where it did.
    expect(readdirSync(s.runs.quarantineDir).sort()).toEqual([
      'fifo.json',
      'huge.json',
      'zero.json',
    ]);
    expect(lstatSync(join(s.runs.quarantineDir, 'zero.json')).isSymbolicLink()).toBe(true);
    expect((await s.runs.scan()).problems).toEqual([]);
  });

  it('the host router: runs.list and runs.get answer at once while a FIFO sits in runs/', async () => {
    const { s } = await plantedStore((d) => mkfifo(join(d, 'late.json')));
    const dispatch = createDispatch(createHandlers(s));
    const t0 = Date.now();
    const got = await dispatch('runs.get', { id: 'late' });
    const list = await dispatch('runs.list', {});
    const ms = Date.now() - t0;
    const held =
      !got.ok &&
      /runs\/late\.json is a FIFO/.test(got.error) &&
      list.ok &&
      (list.value as { runs: unknown[] }).runs.length === 1 &&
      ms < 5000;
    recordAttack('store: FIFO as a run file over the browser host router', { held });
    expect(held).toBe(true);
  });

  it('16 concurrent runs.list with FIFOs in runs/ leave the thread pool free (static files still load)', async () => {
    const { s } = await plantedStore((d) => {
      for (let i = 0; i < 8; i++) mkfifo(join(d, `pipe${i}.json`));
    });
    const dispatch = createDispatch(createHandlers(s));
    const lists = Array.from({ length: 16 }, () => dispatch('runs.list', {}));
    // A blocked open() of a FIFO would hold one of libuv's 4 threads each: this read would wait.
    const t0 = Date.now();
    const page = await Promise.race([
      readFile(__filename, 'utf8'),
      new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
    ]);
    const ms = Date.now() - t0;
    const done = await Promise.race([
      Promise.all(lists),
      new Promise<null>((r) => setTimeout(() => r(null), 20_000)),
    ]);
    const held = page !== null && done !== null && ms < 10_000;
    recordAttack('store: 8 FIFOs x 16 concurrent runs.list (host thread-pool starvation)', {
      held,
    });
    expect(held).toBe(true);
  });

  it('a 700 MB file is refused before reading: memory stays flat and the error names the file', async () => {
    const { s } = await plantedStore((d) => {
      writeFileSync(join(d, 'big.json'), '');
      truncateSync(join(d, 'big.json'), 700 * 1024 * 1024);
    });
    const before = process.memoryUsage().rss;
    const err = await s.runs.load('big').catch((e: Error) => e);
    const grew = process.memoryUsage().rss - before;
    const held =
      err instanceof Error &&
      /^runs\/big\.json is 700 MiB, over the 32 MiB cap .*moved to runs\/quarantine\/big\.json$/.test(
        err.message,
      ) &&
      grew < 64 * 1024 * 1024;
    recordAttack('store: 700 MB sparse run file (memory, message)', { held });
    expect(held).toBe(true);
  });
});

describe('hostile files given to import and the run-file arguments', () => {
  it('import FILE: FIFO, /dev/zero link, a folder, a 40 MB file: one line each, exit 2, nothing saved', async () => {
    const configHome = tempDir('sec-import');
    const d = tempDir('sec-import-files');
    mkfifo(join(d, 'pipe.txt'));
    symlinkSync('/dev/zero', join(d, 'zero.txt'));
    mkdirSync(join(d, 'folder.json'));
    writeFileSync(join(d, 'big.txt'), '');
    truncateSync(join(d, 'big.txt'), 40 * 1024 * 1024);
    const cases: [string, RegExp][] = [
      ['pipe.txt', /pipe\.txt is a FIFO \(named pipe\), not a regular file$/],
      ['zero.txt', /zero\.txt is a symbolic link \(Drivewise does not follow links\)$/],
      ['folder.json', /folder\.json is a folder, not a regular file$/],
      ['big.txt', /big\.txt is 40 MiB, over the 32 MiB cap for a run file \(not read\)$/],
    ];
    for (const [name, want] of cases) {
      const r = await runDrivewise(['import', join(d, name)], { configHome, timeoutMs: 60_000 });
      const held =
        !r.hung && r.code === 2 && want.test(r.err.trim()) && r.err.trim().split('\n').length === 1;
      recordAttack(`import: ${name}`, { held, crashed: r.hung });
      expect({ name, err: r.err.trim(), code: r.code, hung: r.hung }).toMatchObject({
        code: 2,
        hung: false,
      });
      expect(r.err.trim()).toMatch(want);
    }
    expect(existsSync(join(configHome, 'drivewise', 'runs'))).toBe(false);
  });

  it('import - (stdin) has the same 32 MiB cap: 40 MiB on stdin stops reading, exit 2', async () => {
    const configHome = tempDir('sec-stdin');
    const r = await runDrivewise(['import', '-'], {
      configHome,
      stdin: Buffer.alloc(40 * 1024 * 1024, 0x61),
      timeoutMs: 60_000,
    });
    const held = !r.hung && r.code === 2 && /standard input is over the 32 MiB cap/.test(r.err);
    recordAttack('import -: 40 MiB on stdin', { held, crashed: r.hung });
    expect(held).toBe(true);
  });

  it('verdict/show with a run-file argument go through the same reader (FIFO, /dev/zero link)', async () => {
    const configHome = tempDir('sec-ref');
    const d = tempDir('sec-ref-files');
    mkfifo(join(d, 'before.json'));
    symlinkSync('/dev/zero', join(d, 'after.json'));
    for (const args of [
      ['verdict', join(d, 'before.json'), 'ref-lj-x200s-intel-320'],
      ['show', join(d, 'after.json')],
      ['compare', join(d, 'after.json'), 'ref-lj-x200s-intel-320'],
    ]) {
      const r = await runDrivewise(args, { configHome, timeoutMs: 60_000 });
      const held = !r.hung && r.code === 2 && /(is a FIFO|is a symbolic link)/.test(r.err);
      recordAttack(`run-file argument: ${args[0]} ${args[1]}`, { held, crashed: r.hung });
      expect(held).toBe(true);
    }
  });

  it('import of a run file swapped for a FIFO or a /dev/zero link while it is read: never hangs, never reads the swap', async () => {
    const s = createServices({ configDir: tempDir('sec-race-cfg') });
    const d = tempDir('sec-race');
    const victim = join(d, 'run.json');
    const good = JSON.stringify(sampleRun('raced'));
    writeFileSync(join(d, 'good.json'), good);
    mkfifo(join(d, 'fifo'));
    symlinkSync('/dev/zero', join(d, 'zero'));
    // The attacker renames a good file, a FIFO and a link over the path as fast as it can.
    const attacker = spawn(
      process.execPath,
      [
        '-e',
        `const fs=require('fs');const d=${JSON.stringify(d)};const srcs=['good.json','fifo','zero'];
         for(let i=0;;i++){const s=srcs[i%3];try{fs.linkSync(d+'/'+s,d+'/tmp'+i%3)}catch{}
         try{fs.renameSync(d+'/tmp'+i%3,d+'/run.json')}catch{}}`,
      ],
      { stdio: 'ignore' },
    );
    let ok = 0;
    let refused = 0;
    let wrong = 0;
    try {
      const until = Date.now() + 4000;
      while (Date.now() < until) {
        const t0 = Date.now();
        try {
          const buf = await readRegularFile(victim);
          if (buf.toString() === good) ok++;
          else wrong++;
        } catch (err) {
          if (err instanceof UnsafeFileError) refused++;
          else wrong++;
        }
        if (Date.now() - t0 > 2000) wrong++;
      }
      await importRunFile(s, victim).catch(() => undefined);
    } finally {
      attacker.kill('SIGKILL');
    }
    const held = wrong === 0 && ok + refused > 20;
    recordAttack(
      `read race: regular file / FIFO / /dev/zero link swapped (${ok} read, ${refused} refused)`,
      {
        held,
      },
    );
    expect({ ok: ok > 0, refused: refused > 0, wrong }).toEqual({
      ok: true,
      refused: true,
      wrong: 0,
    });
  });
});
