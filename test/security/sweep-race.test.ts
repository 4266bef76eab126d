// The symlink race of issue 14, class 1, for real: an unprivileged user (created here, removed
// afterwards) works in a sticky world-writable folder and keeps swapping a subfolder of its tree
// for a symlink to a canary folder outside, and its own `.drivewise-*` folder for a symlink to a
// root work folder elsewhere, while root removes the tree and sweeps the folder. The canary must
// stay untouched every time. A control run shows the same race beats a path-based rm -r.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, removeTreeJs } from '../../src/main/core/safe-remove';
import { sweepStale } from '../../src/main/engine/worker/work-dir';
import { newRunId } from '../../src/main/store/run-store';
import { recordAttack } from './tally';
import { deadPid, fingerprint, isRoot, sweepDirs, touched } from './sweep-helpers';

const ITERATIONS = 200;
const BUDGET_MS = 50_000;
const user = `dwrace${process.pid.toString(36)}`;
const tmp = sweepDirs();
let created = false;
let uid = -1;
let gid = -1;
let attacker: ChildProcess | null = null;
let shared = '';
let stopFile = '';

// The attacker, run as the unprivileged user: atomic swaps (renameat2 RENAME_EXCHANGE) of a real
// folder and a symlink to the victim, in a tight loop, so either can be there at any moment.
const ATTACK = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
base, victim, top, lookalike, stop, dead = sys.argv[1:]
end = time.time() + 150
def swap(a, b):
    libc.renameat2(-100, a.encode(), -100, b.encode(), 2)
def quiet(f):
    try:
        f()
    except OSError:
        pass
while time.time() < end and not os.path.exists(stop):
    try:
        names = os.listdir(base)
    except OSError:
        break
    for d in names:
        if not d.startswith('race-'):
            continue
        for s in ('sub', 'sub/inner'):
            p = base + '/' + d + '/' + s
            quiet(lambda: os.symlink(victim, p + '.lnk'))
            for _ in range(50):
                swap(p, p + '.lnk')
    # Its own folder named like a work folder, swapped with a link to root's dead work folder.
    t = base + '/' + top
    def make():
        os.mkdir(t, 0o700)
        with open(t + '/owner.json', 'w') as f:
            f.write('{"pid":%s}' % dead)
    quiet(make)
    quiet(lambda: os.symlink(lookalike, t + '.lnk'))
    for _ in range(50):
        swap(t, t + '.lnk')
`;

/** 2-12 ms, random: root starts at any phase of the attacker's swaps. */
const pause = (): Promise<void> =>
  new Promise((r) => setTimeout(r, 2 + Math.floor(Math.random() * 10)));

const startAttacker = (args: string[]): ChildProcess =>
  spawn('python3', ['-c', ATTACK, ...args], { uid, gid, cwd: '/', stdio: 'ignore' });

beforeAll(async () => {
  if (!isRoot) return;
  execFileSync('useradd', ['-M', '-s', '/usr/sbin/nologin', '-c', 'drivewise race test', user]);
  created = true;
  uid = Number(execFileSync('id', ['-u', user]).toString());
  gid = Number(execFileSync('id', ['-g', user]).toString());
  shared = tmp('race', '/tmp');
  chmodSync(shared, 0o1777); // like /tmp: sticky, world-writable
  stopFile = join(shared, 'stop');
});

afterAll(async () => {
  if (attacker && attacker.exitCode === null) {
    writeFileSync(stopFile, '');
    attacker.kill('SIGKILL');
  }
  if (!created) return;
  execFileSync('userdel', [user]);
  // Only what this test made: the user's mail spool if useradd created one.
  const spool = `/var/mail/${user}`;
  if (existsSync(spool) && lstatSync(spool).uid === uid) rmSync(spool);
});

/** Root's work folder of a dead run somewhere else, with precious content: the canary. */
async function canaryWorkFolder(): Promise<{ dir: string; before: Map<string, string> }> {
  const parent = tmp('race-canary', '/var/tmp');
  const dir = join(parent, `.drivewise-${newRunId()}`);
  mkdirSync(dir, { mode: 0o700 });
  writeFileSync(join(dir, 'owner.json'), JSON.stringify({ pid: await deadPid() }));
  // Named like entries of the planted trees: a path-based walk sent here through a swapped link
  // finds them and deletes them.
  for (const n of VICTIM_NAMES) writeFileSync(join(dir, n), 'keep');
  mkdirSync(join(dir, 'sub'));
  mkdirSync(join(dir, 'inner'));
  for (const n of VICTIM_NAMES) writeFileSync(join(dir, 'sub', n), 'keep');
  return { dir, before: fingerprint(parent) };
}

const VICTIM_NAMES = Array.from({ length: 20 }, (_, i) => `v${i}`);
const TREE_NAMES = [...Array.from({ length: 80 }, (_, i) => `f${i}`), ...VICTIM_NAMES];

/** A tree planted by the user: sub/ with files named like the victim's, sub/inner/ with more. */
function plant(name: string): string {
  // Built under another name and renamed in: the attacker only swaps inside `race-*` trees, and
  // root's own planting must not write through its links.
  const t = join(shared, `stage-${name}`);
  const own = (p: string): void => chownSync(p, uid, gid);
  mkdirSync(join(t, 'sub', 'inner'), { recursive: true });
  [t, join(t, 'sub'), join(t, 'sub', 'inner')].forEach(own);
  TREE_NAMES.forEach((n, i) => {
    const f = join(t, i % 10 === 9 ? 'sub/inner' : 'sub', n);
    writeFileSync(f, 'x');
    own(f);
  });
  renameSync(t, join(shared, name));
  return join(shared, name);
}

describe.skipIf(!isRoot)('symlink race by an unprivileged user (root only)', () => {
  it(`root's removal and sweep never leave the folder (${ITERATIONS} iterations each)`, async () => {
    const c = await canaryWorkFolder();
    const top = `.drivewise-${newRunId()}`;
    attacker = startAttacker([shared, c.dir, top, c.dir, stopFile, String(await deadPid())]);
    const exited = new Promise((r) => attacker!.on('exit', r));
    // Let the attacker get going.
    await new Promise((r) => setTimeout(r, 300));
    const end = Date.now() + BUDGET_MS;
    let removals = 0;
    let sweeps = 0;
    let named = 0;
    for (let i = 0; i < ITERATIONS && Date.now() < end; i++) {
      const t = plant(`race-${i}`);
      await pause(); // the attacker finds the tree and is swapping when root starts
      // The remover itself, with no owner check: even on a tree another user controls, it must
      // not leave it. (The sweep never gets this far on such a tree: it is not ours.)
      removeTree(t);
      removals++;
      const r = sweepStale(shared);
      sweeps++;
      if (r.skipped.some((l) => l.includes(top))) named++;
      if (touched(c.before, [join(c.dir, '..')]) > 0) break;
    }
    writeFileSync(stopFile, '');
    await exited;
    const outside = touched(c.before, [join(c.dir, '..')]);
    console.log(
      `symlink race: ${removals} removals + ${sweeps} sweeps as root against user ${user}'s swaps; canary entries touched: ${outside}; its folder named in ${named} sweeps`,
    );
    recordAttack(`symlink race on the remover (${removals} iterations, unprivileged user)`, {
      held: outside === 0,
      outsideTouched: outside,
    });
    recordAttack(`symlink race on the sweep (${sweeps} iterations, unprivileged user)`, {
      held: outside === 0 && named > 0,
      outsideTouched: outside,
    });
    expect(removals).toBeGreaterThanOrEqual(100);
    expect(outside).toBe(0);
    expect(existsSync(c.dir)).toBe(true);
  });

  it('control: the same race beats a path-based recursive rm (what the sweep used before)', async () => {
    // Not an attack on Drivewise: it shows this race is real on this machine, so the zero above
    // means something. Logged, not asserted (a race may miss in a short run).
    const victim = tmp('race-control', '/var/tmp');
    const fill = (): void => VICTIM_NAMES.forEach((n) => writeFileSync(join(victim, n), 'keep'));
    fill();
    const before = fingerprint(victim);
    const a = startAttacker([shared, victim, 'none', victim, stopFile + '-c', '1']);
    const exited = new Promise((r) => a.on('exit', r));
    await new Promise((r) => setTimeout(r, 300));
    let hits = 0;
    let runs = 0;
    let lost = 0;
    const end = Date.now() + 12_000;
    for (let i = 0; i < ITERATIONS && Date.now() < end; i++) {
      const t = plant(`race-c${i}`);
      await pause();
      try {
        rmSync(t, { recursive: true, force: true });
      } catch {
        /* the attacker's entries may come back mid-walk */
      }
      runs++;
      const n = touched(before, [victim]);
      if (n > 0) {
        hits++;
        lost += n;
        fill();
      }
    }
    writeFileSync(stopFile + '-c', '');
    a.kill('SIGKILL');
    await exited;
    console.log(
      `control: path-based rm -r deleted ${lost} victim entries, in ${hits} of ${runs} runs`,
    );
    expect(runs).toBeGreaterThan(0);
  });

  it('without the addon the JS walk refuses a folder another user can write', async () => {
    const c = await canaryWorkFolder();
    const t = plant('race-js');
    const r = removeTreeJs(t);
    const outside = touched(c.before, [join(c.dir, '..')]);
    recordAttack('JS fallback on a folder another user can write', {
      held: r.state === 'refused' && existsSync(t),
      outsideTouched: outside,
    });
    expect(r.state).toBe('refused');
    expect(r.reason).toMatch(/not a private folder/);
    expect(existsSync(join(t, 'sub', 'f0'))).toBe(true);
  });
});
