// Issue 25, class 1: root doing file work in a folder another account controls. A second account
// owns the target folder and keeps renaming root's fresh `.drivewise-<run>` away and putting a
// symlink in its place: to a root-only canary folder (root's writes would land there) or to its own
// folder holding an archive with a setuid entry (root's extraction would make a setuid-root file).
// The control does the steps path-based as root, as before; the protected run is the real code:
// the work-folder steps in a file worker and the engine both run as the folder's owner.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileWorkAccount, type FileAccount } from '../../src/main/core/file-owner';
import { deviceNodeRefusal, extractScript } from '../../src/main/core/safe-extract';
import { runTimed } from '../../src/main/tasks/timed-exec';
import { runEngine, forkSpawner } from '../../src/main/engine/host/client';
import { fileSteps } from '../../src/main/engine/host/file-ops';
import { checkTargetDir } from '../../src/main/engine/worker/work-dir';
import { newRunId } from '../../src/main/store/run-store';
import { isRoot } from './cli-run';
import {
  attackAs,
  findEntries,
  raceUntil,
  secondAccount,
  setidFiles,
  sleep,
} from './second-account';
import { fingerprint, sweepDirs, touched } from './sweep-helpers';
import { recordAttack } from './tally';

const ATTACK = `
import os, sys, time
home, canary, evil, stop = sys.argv[1:]
n = 0
end = time.time() + 150
while time.time() < end and not os.path.exists(stop):
    try:
        names = os.listdir(home)
    except OSError:
        break
    for d in names:
        p = home + '/' + d
        if not d.startswith('.drivewise-') or os.path.islink(p):
            continue
        n += 1
        try:
            os.rename(p, home + '/.grab-%d' % n)
            os.symlink(canary if n % 2 else evil, p)
        except OSError:
            pass
    time.sleep(0.0005)
`;

const tmp = sweepDirs();
const a = secondAccount(isRoot);
let base = '';
let home = '';
let canary = '';
let evil = '';
let stop = '';
let attacker: ReturnType<typeof attackAs> | null = null;

/** An uncompressed tar whose one entry is a root-owned setuid 0755 program, made with python. */
function evilTar(path: string): void {
  execFileSync('python3', [
    '-c',
    `import tarfile, io, sys
t = tarfile.open(sys.argv[1], 'w')
i = tarfile.TarInfo('sh-root'); i.mode = 0o4755; i.uid = 0; i.gid = 0; d = b'#!/bin/sh\\n'; i.size = len(d)
t.addfile(i, io.BytesIO(d)); t.close()`,
    path,
  ]);
}

beforeAll(() => {
  if (!isRoot) return;
  base = tmp('c1', '/var/tmp');
  chmodSync(base, 0o755);
  home = join(base, 'home');
  mkdirSync(home, { mode: 0o755 });
  chownSync(home, a.uid, a.gid);
  canary = join(base, 'canary');
  mkdirSync(canary, { mode: 0o700 });
  writeFileSync(join(canary, 'precious'), 'root only');
  evil = join(base, 'evil');
  mkdirSync(join(evil, 'unpack'), { recursive: true, mode: 0o777 });
  evilTar(join(evil, 'arch.tar'));
  execFileSync('chown', ['-R', `${a.uid}:${a.gid}`, evil]);
  chmodSync(evil, 0o777);
  stop = join(base, 'stop');
  attacker = attackAs(a, ATTACK, [home, canary, evil, stop]);
});
afterAll(() => {
  if (stop) writeFileSync(stop, '');
  attacker?.kill('SIGKILL');
  if (base) rmSync(base, { recursive: true, force: true });
});

const rootOwned = (): string[] => [
  ...findEntries(home, (st) => st.uid === 0),
  ...findEntries(evil, (st) => st.uid === 0),
];

/** What root must never cause: canary changes, new root-owned entries, setuid/setgid files. */
function damage(
  before: Map<string, string>,
  owned: Set<string>,
): { canary: number; rootOwned: number; setid: number } {
  return {
    canary: touched(before, [canary]),
    rootOwned: rootOwned().filter((p) => !owned.has(p)).length,
    setid: setidFiles(base).length,
  };
}

describe.skipIf(!isRoot)('class 1: root in a folder another account owns (second account)', () => {
  it('control: path-based work as root is steered into the canary and makes setuid-root files', async () => {
    const benign = join(base, 'benign.tar');
    execFileSync('tar', ['-cf', benign, '-C', '/etc', 'hostname']);
    const benignBytes = readFileSync(benign);
    const evilBytes = readFileSync(join(evil, 'arch.tar'));
    let canaryHits = 0;
    let setidHits = 0;
    const r = await raceUntil(async () => {
      const before = fingerprint(canary);
      const work = join(home, `.drivewise-${newRunId()}`);
      // As the engine did: make the folder, write the archive and a test file, extract, at the
      // pace of real steps (the attacker needs only to see the folder once).
      mkdirSync(work, { mode: 0o700 });
      try {
        // Inside the try as well: the attacker can move the folder away between the mkdir and
        // this first write (an ENOENT here once ended the whole control).
        writeFileSync(join(work, 'arch.tar'), benignBytes);
        await sleep(15);
        writeFileSync(join(work, `test-${process.hrtime.bigint()}.bin`), 'data');
        mkdirSync(join(work, 'unpack'), { recursive: true });
        execFileSync(
          'tar',
          ['-xf', join(work, 'arch.tar'), '-C', join(work, 'unpack'), '--no-same-owner'],
          { stdio: 'ignore' },
        );
      } catch {
        /* the swap may break a step: that is not a hit by itself */
      }
      const c = touched(before, [canary]) > 0;
      const s = setidFiles(evil).length > 0;
      if (c) canaryHits++;
      if (s) setidHits++;
      // Put things back for the next round (the canary's one file, no setuid file left).
      rmSync(canary, { recursive: true, force: true });
      mkdirSync(canary, { mode: 0o700 });
      writeFileSync(join(canary, 'precious'), 'root only');
      for (const f of setidFiles(base)) rmSync(f);
      writeFileSync(join(evil, 'arch.tar'), evilBytes);
      return c || s;
    });
    console.log(
      `class 1 control: path-based root work hit in ${r.hits} of ${r.runs} runs (${canaryHits} canary writes, ${setidHits} setuid-root files) in ${r.ms} ms`,
    );
    expect(r.hits).toBeGreaterThanOrEqual(20);
  });

  it('protected: the real work-folder steps and engine, as the owner, touch nothing outside', async () => {
    const account = fileWorkAccount(home) as FileAccount;
    expect(account?.uid).toBe(a.uid);
    const files = fileSteps(account);
    const before = fingerprint(canary);
    // The control's leftovers (root-owned folders it made) are not this run's.
    const owned = new Set(rootOwned());
    let failed = 0;
    const r = await raceUntil(
      async () => {
        let work = '';
        try {
          ({ workDir: work } = await files.prepare(checkTargetDir(home), newRunId(), 8e6, {
            skipSpaceCheck: true,
          }));
          await sleep(15);
          await runEngine({
            plan: {
              workDir: work,
              targetDir: home,
              device: null,
              tests: ['dd-write', 'task.unpack'],
              repetitions: 1,
              sizes: { dd: 2 * 1024 * 1024, 'task.unpack': 1e6, 'task.unpackRepetitions': 1 },
              options: {},
            },
            spawner: forkSpawner(undefined, account),
          });
        } catch {
          failed++; // the swap broke the run: refused, not followed
        } finally {
          if (work) await files.remove(work).catch(() => undefined);
        }
        const d = damage(before, owned);
        return d.canary + d.rootOwned + d.setid > 0;
      },
      { minHits: 1, capMs: 20_000, maxRuns: 40 },
    );
    const d = damage(before, owned);
    console.log(
      `class 1 protected: ${r.runs} real runs as ${a.name} under the same swaps (${failed} broken by a swap); canary entries touched ${d.canary}, root-owned entries in its folders ${d.rootOwned}, setuid/setgid files ${d.setid}`,
    );
    const held = r.hits === 0 && d.canary === 0 && d.rootOwned === 0 && d.setid === 0;
    recordAttack(
      `class 1: swap of root's work folder in another account's folder (${r.runs} runs)`,
      {
        held,
        outsideTouched: d.canary + d.rootOwned,
        counts: { writes: d.canary, rootOwned: d.rootOwned },
      },
    );
    expect(r.runs).toBeGreaterThanOrEqual(5);
    expect(d).toEqual({ canary: 0, rootOwned: 0, setid: 0 });
  });

  it('a group-writable shared folder is refused in one line; root-owned chains stay root', () => {
    const shared = join(base, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o775);
    chownSync(shared, 0, a.gid);
    let msg = '';
    try {
      fileWorkAccount(shared);
    } catch (err) {
      msg = (err as Error).message;
    }
    recordAttack('class 1: group-writable shared folder as root', {
      held: /refusing to work as root/.test(msg),
    });
    expect(msg).toMatch(/^refusing to work as root in .*writable by the group/);
    expect(msg).not.toContain('\n');
    expect(fileWorkAccount(base)).toBeNull();
    expect(fileWorkAccount('/tmp')).toBeNull();
  });
});

describe.skipIf(!isRoot)(
  'class 1: extraction as root keeps no owners, setuid bits or devices',
  () => {
    it('a setuid entry comes out 0755 and ours; a device node is refused in one line', async () => {
      const dir = tmp('c1-tar', '/var/tmp');
      const src = join(dir, 'src');
      mkdirSync(src);
      writeFileSync(join(src, 'prog'), '#!/bin/sh\n');
      chmodSync(join(src, 'prog'), 0o6755);
      chownSync(join(src, 'prog'), a.uid, a.gid);
      execFileSync('tar', ['-cf', join(dir, 'plain.tar'), '-C', src, 'prog']);
      execFileSync('mknod', [join(src, 'null'), 'c', '1', '3']);
      execFileSync('tar', ['-cf', join(dir, 'dev.tar'), '-C', src, 'prog', 'null']);
      const out = (n: string): string => {
        mkdirSync(join(dir, n));
        return join(dir, n);
      };
      const plain = out('plain');
      const r1 = await runTimed(extractScript(plain), [join(dir, 'plain.tar'), plain]);
      const dev = out('dev');
      const r2 = await runTimed(extractScript(dev), [join(dir, 'dev.tar'), dev]);
      const devices = findEntries(dev, (st) => st.isCharacterDevice() || st.isBlockDevice());
      const st = lstatSync(join(plain, 'prog'));
      const line = deviceNodeRefusal(r2.stderr) ?? '';
      console.log(
        `class 1 extraction as root: setuid entry -> mode ${(st.mode & 0o7777).toString(8)} uid ${st.uid}; device archive: exit ${r2.code}, "${line}"`,
      );
      const held =
        r1.code === 0 && (st.mode & 0o6000) === 0 && st.uid === 0 && devices.length === 0;
      recordAttack('class 1: archive with setuid entry and device node extracted as root', {
        held,
      });
      expect(r1.code).toBe(0);
      expect(st.mode & 0o7777).toBe(0o755);
      expect(st.uid).toBe(0);
      expect(devices).toEqual([]);
      expect(line).toMatch(/holds a device node \(null\)/);
      expect(() => extractScript(home)).toThrow(/refusing to work as root/);
    });
  },
);
