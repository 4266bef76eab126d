// Class 1 of issue 14: a root run deletes only what it made. Entries planted next to the work
// folders (plain files, a user's notes, another user's folder, wrong mode, no owner record,
// symlinks named like work folders) are left alone and named; a dead run's folder is removed
// without following the links inside it or entering a mount. Each case runs with the native
// remover and with the JS fallback.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processStartTime } from '../../src/main/core/process-alive';
import { nativeRemover } from '../../src/main/core/safe-remove';
import { sweepStale } from '../../src/main/engine/worker/work-dir';
import { sweepStaleSessions } from '../../src/main/privileged/session';
import { newRunId } from '../../src/main/store/run-store';
import { recordAttack } from './tally';
import {
  deadPid,
  fingerprint,
  isRoot,
  startCli,
  sweepDirs,
  touched,
  workFolder,
  waitFor,
} from './sweep-helpers';

const tmp = sweepDirs();
afterEach(() => delete process.env['DRIVEWISE_NATIVE_REMOVE']);

function canary(): { dir: string; before: Map<string, string> } {
  const dir = tmp('canary');
  writeFileSync(join(dir, 'precious.txt'), 'do not delete');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'deep.txt'), 'nor this');
  return { dir, before: fingerprint(dir) };
}

describe('a real run names what its sweep left alone', () => {
  it('each planted entry is one line in the saved run notes', { timeout: 90_000 }, async () => {
    const dir = tmp('notes');
    writeFileSync(join(dir, '.drivewise-notes.txt'), 'my notes');
    const orphan = workFolder(dir, null);
    const json = join(tmp('notes-out'), 'run.json');
    const run = startCli(
      [
        'bench',
        '--dir',
        dir,
        '--profile',
        'custom',
        '--tests',
        'dd-write',
        '--size',
        'dd=4M',
        '--json',
        json,
      ],
      { XDG_CONFIG_HOME: tmp('notes-cfg') },
    );
    const { code } = await run.exited;
    expect(code, run.err()).toBe(0);
    // The run's notes (caveats in the document; the CLI prints them under "notes:").
    const notes = (JSON.parse(readFileSync(json, 'utf8')) as { caveats: string[] }).caveats;
    expect(run.out()).toContain(`left ${orphan} alone: no owner record`);
    const lines = [join(dir, '.drivewise-notes.txt'), orphan].map((p) =>
      notes.filter((n) => n.includes(p)),
    );
    const held = lines.every((l) => l.length === 1) && existsSync(orphan);
    recordAttack('sweep: planted entries named in the run notes', { held });
    expect(lines.map((l) => l.length)).toEqual([1, 1]);
    expect(readdirSync(dir).sort()).toEqual(
      ['.drivewise-notes.txt', orphan.slice(dir.length + 1)].sort(),
    );
  });
});

for (const mode of ['native', 'js'] as const) {
  describe(`work-folder sweep (${mode} remover)`, () => {
    const use = (): void => {
      if (mode === 'js') process.env['DRIVEWISE_NATIVE_REMOVE'] = '0';
      expect(nativeRemover() !== null).toBe(mode === 'native');
    };

    it('leaves every planted lookalike alone and names each one', async () => {
      use();
      const dir = tmp('planted');
      const c = canary();
      const dead = await deadPid();
      const planted: Record<string, string> = {};
      const plant = (what: string, path: string): void => void (planted[what] = path);
      plant('plain file named like a work folder', join(dir, `.drivewise-${newRunId()}`));
      writeFileSync(planted['plain file named like a work folder']!, 'x');
      plant("a user's notes", join(dir, '.drivewise-notes.txt'));
      writeFileSync(planted["a user's notes"]!, 'my notes');
      plant('wrong mode', workFolder(dir, dead, { mode: 0o755 }));
      plant('world-writable', workFolder(dir, dead, { mode: 0o777 }));
      plant('no owner record', workFolder(dir, null));
      const lookalike = workFolder(c.dir, dead);
      plant('symlink named like a work folder', join(dir, `.drivewise-${newRunId()}`));
      symlinkSync(lookalike, planted['symlink named like a work folder']!);
      const fifo = workFolder(dir, null);
      execFileSync('mkfifo', [join(fifo, 'owner.json')]);
      plant('FIFO as owner record', fifo);
      const linked = workFolder(dir, null);
      symlinkSync(join(lookalike, 'owner.json'), join(linked, 'owner.json'));
      plant('symlinked owner record', linked);
      plant('name with a suffix', join(dir, `.drivewise-${newRunId()}.old`));
      mkdirSync(planted['name with a suffix']!, { mode: 0o700 });
      writeFileSync(join(planted['name with a suffix']!, 'owner.json'), `{"pid":${dead}}`);
      if (isRoot) {
        const other = workFolder(dir, dead);
        writeFileSync(join(other, 'theirs.txt'), 'x');
        for (const p of [other, join(other, 'owner.json'), join(other, 'theirs.txt')])
          chownSync(p, 65534, 65534);
        plant("another user's folder", other);
      }
      const before = fingerprint(dir);
      c.before = fingerprint(c.dir);
      const started = Date.now();
      const r = sweepStale(dir);
      const outside = touched(before, [dir]) + touched(c.before, [c.dir]);
      expect(Date.now() - started).toBeLessThan(2000); // the FIFO did not hang it
      expect(r.removed).toEqual([]);
      for (const [what, path] of Object.entries(planted)) {
        const named = r.skipped.filter((l) => l.includes(path));
        const held = existsSync(path) && named.length === 1;
        recordAttack(`sweep (${mode}): ${what}`, { held, outsideTouched: held ? 0 : 1 });
        expect(named, what).toHaveLength(1);
        expect(existsSync(path), what).toBe(true);
      }
      expect(r.skipped).toHaveLength(Object.keys(planted).length);
      expect(outside).toBe(0);
    });

    it("removes a dead run's folder without following the links inside or entering a mount", async () => {
      use();
      const dir = tmp('dead-run');
      const c = canary();
      const w = workFolder(dir, await deadPid());
      mkdirSync(join(w, 'a', 'b'), { recursive: true });
      writeFileSync(join(w, 'a', 'b', 'data.bin'), 'x');
      symlinkSync(c.dir, join(w, 'a', 'to-canary-dir'));
      symlinkSync(join(c.dir, 'precious.txt'), join(w, 'to-canary-file'));
      linkSync(join(c.dir, 'precious.txt'), join(w, 'hardlink'));
      const r = sweepStale(dir);
      const outside = touched(c.before, [c.dir]);
      // The hard link's name went; the file's other name (and its content) did not.
      const held = r.removed.length === 1 && !existsSync(w) && outside === 0;
      expect(r.removed).toEqual([w.slice(dir.length + 1)]);
      expect(readdirSync(dir)).toEqual([]);
      expect(
        existsSync(join(c.dir, 'precious.txt')) && existsSync(join(c.dir, 'sub/deep.txt')),
      ).toBe(true);
      recordAttack(`sweep (${mode}): links inside a dead run's folder`, {
        held,
        outsideTouched: outside,
      });
      expect(outside).toBe(0);
    });

    it.skipIf(!isRoot)(
      'does not delete into a filesystem mounted inside a work folder',
      async () => {
        use();
        const dir = tmp('mounted');
        const w = workFolder(dir, await deadPid());
        const mnt = join(w, 'mnt');
        mkdirSync(mnt);
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'dw-sweep-test', mnt]);
        try {
          writeFileSync(join(mnt, 'on-the-mount.txt'), 'keep');
          const before = fingerprint(mnt);
          const r = sweepStale(dir);
          const outside = touched(before, [mnt]);
          const named = r.skipped.some((l) => l.includes(w) && l.includes('mnt'));
          recordAttack(`sweep (${mode}): a mount inside a work folder`, {
            held: outside === 0 && named,
            outsideTouched: outside,
          });
          expect(outside).toBe(0);
          expect(named).toBe(true);
        } finally {
          execFileSync('umount', [mnt]);
        }
        expect(sweepStale(dir).removed).toHaveLength(1);
      },
    );

    it("removes the folder of a kill -9'd run, and of a run whose pid was reused", async () => {
      use();
      const dir = tmp('killed');
      // A real process makes its work folder the way a run does, then is killed with SIGKILL.
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const {mkdirSync,writeFileSync,chmodSync}=require('fs');const d=process.argv[1];` +
            `mkdirSync(d,{mode:0o700});chmodSync(d,0o700);` +
            `writeFileSync(d+'/owner.json',JSON.stringify({pid:process.pid}));` +
            `writeFileSync(d+'/dd.bin',Buffer.alloc(65536));setInterval(()=>{},1000)`,
          join(dir, `.drivewise-${newRunId()}`),
        ],
        { stdio: 'ignore' },
      );
      await waitFor(() => readdirSync(dir).some((n) => existsSync(join(dir, n, 'dd.bin'))), 10_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.on('exit', r));
      // A live process holds the recorded pid, but it started at another time: a reused pid.
      const reused = workFolder(dir, process.pid, {
        start: (processStartTime(process.pid) ?? 0) + 1,
      });
      const live = workFolder(dir, process.pid, { start: processStartTime(process.pid) ?? 0 });
      const r = sweepStale(dir);
      expect(r.removed).toHaveLength(2);
      expect(existsSync(reused)).toBe(false);
      expect(readdirSync(dir)).toEqual([live.slice(dir.length + 1)]);
    });
  });

  describe(`admin-session sweep (${mode} remover)`, () => {
    it('removes dead sessions only and names every stranger', async () => {
      if (mode === 'js') process.env['DRIVEWISE_NATIVE_REMOVE'] = '0';
      const base = tmp('sessions');
      const c = canary();
      const dead = await deadPid();
      const session = (name: string, owner: string | null, m = 0o700): string => {
        const d = join(base, `drivewise-admin-${name}`);
        mkdirSync(d);
        chmodSync(d, m);
        if (owner !== null) writeFileSync(join(d, 'owner.pid'), owner);
        return d;
      };
      const gone = session('dead01', `${dead}\n`);
      symlinkSync(c.dir, join(gone, 'link'));
      const planted: Record<string, string> = {
        'no owner record': session('noown1', null),
        'wrong mode': session('mode01', `${dead}\n`, 0o755),
        'name not from mkdtemp': session('x', `${dead}\n`),
        'plain file': join(base, 'drivewise-admin-file01'),
        symlink: join(base, 'drivewise-admin-link01'),
      };
      writeFileSync(planted['plain file']!, 'x');
      symlinkSync(c.dir, planted['symlink']!);
      if (isRoot) {
        const other = session('other1', `${dead}\n`);
        chownSync(join(other, 'owner.pid'), 65534, 65534);
        chownSync(other, 65534, 65534);
        planted["another user's session"] = other;
      }
      const paths = Object.values(planted);
      const before = new Map(paths.flatMap((p) => [...fingerprint(p)]));
      const r = sweepStaleSessions(base);
      expect(r.removed).toEqual([gone]);
      expect(touched(before, paths) + touched(c.before, [c.dir])).toBe(0);
      for (const [what, path] of Object.entries(planted)) {
        const held = existsSync(path) && r.skipped.filter((l) => l.includes(path)).length === 1;
        recordAttack(`session sweep (${mode}): ${what}`, { held, outsideTouched: held ? 0 : 1 });
        expect(held, what).toBe(true);
      }
    });
  });
}
