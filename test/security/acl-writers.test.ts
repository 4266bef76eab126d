// Issue 37, class 1: folders other accounts can write where the mode bits say root's. Three kinds,
// each root:root: `acl` (0755 plus an ACL entry user:<second>:rwx, shown drwxrwxr-x+), `g0`
// (0775, group 0: the attacker runs with gid 0) and `sticky` (1777) holding the second account's
// link `lnk` to a root folder, which it re-aims (fs.protected_symlinks is 0 on this VM). The
// attacker renames root's fresh `.drivewise-<run>` away and links the name to a root-only canary,
// exchanges `acl/out` with a link to the canary, and re-aims `sticky/lnk` between root's folder
// and the canary. The control is root's work done by path (as the engine would); the protected
// side is the real CLI: bench --dir, export into the folder, and the folder as XDG_CONFIG_HOME.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileWorkAccount } from '../../src/main/core/file-owner';
import { createServices } from '../../src/main/create-services';
import { runCli } from '../../src/main/program';
import { newRunId } from '../../src/main/store/run-store';
import { capture } from '../integration/engine/helpers';
import { isRoot } from './cli-run';
import { findEntries, raceUntil, secondAccount, sleep } from './second-account';
import { sampleRun } from './store-fixtures';
import { sweepDirs } from './sweep-helpers';
import { recordAttack, recordControl } from './tally';

const SECTION = 'issue 37 class 1 (ACLs, group write, foreign links)';

const ATTACK = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
acl, g0, sticky, target, canary, stop = sys.argv[1:]
lnk = sticky + '/lnk'
n = 0
end = time.time() + 150
while time.time() < end and not os.path.exists(stop):
    for home in (acl, g0):
        try:
            names = os.listdir(home)
        except OSError:
            continue
        for d in names:
            p = home + '/' + d
            if not d.startswith('.drivewise-') or os.path.islink(p):
                continue
            n += 1
            try:
                os.rename(p, home + '/.grab-%d' % n)
                os.symlink(canary, p)
            except OSError:
                pass
    libc.renameat2(-100, (acl + '/out').encode(), -100, (acl + '/out.lnk').encode(), 2)
    try:
        os.unlink(lnk)
        os.symlink(canary if n % 2 else target, lnk)
    except OSError:
        pass
    n += 1
    time.sleep(0.0005)
`;

const tmp = sweepDirs();
const a = secondAccount(isRoot);
const hasSetfacl = (): boolean => {
  try {
    execFileSync('setfacl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
let base = '';
let f: { acl: string; g0: string; sticky: string; target: string; canary: string } = {
  acl: '',
  g0: '',
  sticky: '',
  target: '',
  canary: '',
};
let stop = '';
let attacker: ReturnType<typeof spawn> | null = null;

function resetCanary(): void {
  rmSync(f.canary, { recursive: true, force: true });
  mkdirSync(f.canary, { mode: 0o700 });
  writeFileSync(join(f.canary, 'precious'), 'root only');
}

/** Entries root's work put in the canary (anything but `precious`), removed again. */
function canaryHits(): number {
  const extra = readdirSync(f.canary).filter((n) => n !== 'precious');
  for (const n of extra) rmSync(join(f.canary, n), { recursive: true, force: true });
  return extra.length;
}

beforeAll(() => {
  if (!isRoot || !hasSetfacl()) return;
  base = tmp('c37-1', '/var/tmp');
  chmodSync(base, 0o755);
  f = {
    acl: join(base, 'acl'),
    g0: join(base, 'g0'),
    sticky: join(base, 'sticky'),
    target: join(base, 'target'),
    canary: join(base, 'canary'),
  };
  mkdirSync(f.acl, { mode: 0o755 });
  execFileSync('setfacl', ['-m', `u:${a.uid}:rwx`, f.acl]);
  mkdirSync(join(f.acl, 'out'));
  symlinkSync(f.canary, join(f.acl, 'out.lnk'));
  lchownSync(join(f.acl, 'out.lnk'), a.uid, a.gid);
  execFileSync('chown', [`${a.uid}:${a.gid}`, join(f.acl, 'out')]);
  mkdirSync(f.g0);
  chmodSync(f.g0, 0o775);
  mkdirSync(f.sticky);
  chmodSync(f.sticky, 0o1777);
  mkdirSync(f.target, { mode: 0o755 });
  resetCanary();
  symlinkSync(f.target, join(f.sticky, 'lnk'));
  lchownSync(join(f.sticky, 'lnk'), a.uid, a.gid);
  stop = join(base, 'stop');
  // Group 0 as its primary group: the member of root's group that a group-writable root folder
  // lets in.
  attacker = spawn('python3', ['-c', ATTACK, f.acl, f.g0, f.sticky, f.target, f.canary, stop], {
    uid: a.uid,
    gid: 0,
    cwd: '/',
    stdio: 'ignore',
  });
});
afterAll(() => {
  if (stop) writeFileSync(stop, '');
  attacker?.kill('SIGKILL');
});

const KINDS = ['acl', 'g0', 'sticky'] as const;
const workParent = (k: (typeof KINDS)[number]): string =>
  k === 'sticky' ? join(f.sticky, 'lnk') : f[k];

describe.skipIf(!isRoot || !hasSetfacl())(
  'issue 37 class 1: ACL, root-group and foreign-link folders (second account)',
  () => {
    it('control: root working by path there is steered into the canary', async () => {
      const hits: Record<string, number> = { acl: 0, g0: 0, sticky: 0 };
      const r = await raceUntil(
        async (i) => {
          const k = KINDS[i % 3]!;
          const work = join(workParent(k), `.drivewise-${newRunId()}`);
          try {
            mkdirSync(work, { mode: 0o700 });
            await sleep(5);
            writeFileSync(join(work, 'test.bin'), 'data');
          } catch {
            /* a swap may break a step: not a hit by itself */
          }
          const hit = canaryHits() > 0;
          if (hit) hits[k]!++;
          return hit;
        },
        { minHits: 30 },
      );
      console.log(
        `issue 37 class 1 control: root's path-based work landed in the canary in ${r.hits} of ${r.runs} runs (acl ${hits['acl']}, group 0 ${hits['g0']}, foreign link ${hits['sticky']}) in ${r.ms} ms`,
      );
      for (const k of KINDS)
        recordControl(SECTION, `root's work by path in the ${k} folder`, hits[k]! > 0);
      for (const k of KINDS) expect(hits[k], k).toBeGreaterThan(0);
      expect(r.hits).toBeGreaterThanOrEqual(30);
    });

    it('protected: the ownership walk refuses all three in one line', () => {
      const said = KINDS.map((k) => {
        try {
          return `accepted as ${JSON.stringify(fileWorkAccount(workParent(k)))}`;
        } catch (err) {
          return (err as Error).message;
        }
      });
      console.log(`issue 37 class 1 walk: ${said.join(' | ')}`);
      const held = said.every((s) => /^refusing to work as root in /.test(s) && !s.includes('\n'));
      recordAttack('issue 37 class 1: ACL, group-0 and foreign-link folders as --dir', { held });
      expect(said[0]).toMatch(/writable by the group with gid 0|ACL/);
      // The link, or (caught in the instant it is re-made) its name missing in the sticky folder.
      expect(said[2]).toMatch(
        /is a link of uid \d+, who can re-aim it|is not there, in .*, which is writable by every account/,
      );
      expect(held).toBe(true);
    });

    it('protected: the real CLI (bench --dir, export into it, XDG_CONFIG_HOME) touches nothing outside', async () => {
      const cfg = tmp('c37-1-cfg');
      const s = createServices({ configDir: cfg });
      const run = sampleRun('2026-11-30T07-19-50-805Z-c37c1a');
      await s.runs.save(run);
      // Root's entries by inode, not path: the walk can list the canary through acl/out in the
      // instant the attacker has it swapped for a link, and its old `precious` is no new entry.
      const inode = (st: { dev: number; ino: number }) => `${st.dev}:${st.ino}`;
      const before = new Set<string>();
      findEntries(base, (st) => (st.uid === 0 && before.add(inode(st)), false));
      let hits = 0;
      let benchOk = 0;
      let exported = 0;
      let refusedLink = 0;
      const other: string[] = [];
      const t0 = Date.now();
      for (let i = 0; i < 4; i++) {
        for (const k of KINDS) {
          const c = capture();
          const code = await runCli(
            ['bench', '--dir', workParent(k), '--tests', 'dd-write', '--size', '1M'],
            c.io,
            s,
          );
          const err = c.err.join('');
          // A refusal, or the link caught mid-swap (gone for that instant): either way nothing ran.
          if (code !== 0 && /refusing to work as root in |no such directory/.test(err)) benchOk++;
          else other.push(`bench ${k}: exit ${code}: ${err.trim().split('\n').join(' / ')}`);
          hits += canaryHits();
        }
        for (let j = 0; j < 5; j++) {
          const c = capture();
          const to = join(f.acl, 'out', `r${i}-${j}.json`);
          const code = await runCli(['export', run.id, to, '--force'], c.io, s);
          const err = c.err.join('');
          if (code === 0) exported++;
          else if (/symbolic link in a folder another account can change|kept changing/.test(err))
            refusedLink++;
          else other.push(`export: exit ${code}: ${err.split('\n')[0]}`);
          hits += canaryHits();
        }
      }
      const prev = process.env['XDG_CONFIG_HOME'];
      process.env['XDG_CONFIG_HOME'] = join(f.acl, 'cfg');
      const c = capture();
      let xdgCode: number;
      try {
        xdgCode = await runCli(['runs'], c.io);
      } finally {
        if (prev === undefined) delete process.env['XDG_CONFIG_HOME'];
        else process.env['XDG_CONFIG_HOME'] = prev;
      }
      const xdg = c.err.join('');
      hits += canaryHits();
      // Root-owned entries that were not there before, other than the exports themselves.
      const strays = findEntries(base, (st) => st.uid === 0 && !before.has(inode(st))).filter(
        (p) => !/\/out(\.lnk)?\/r\d-\d\.json$/.test(p) && !p.startsWith(f.canary),
      );
      console.log(
        `issue 37 class 1 protected: ${KINDS.length * 4} bench runs refused in one line (${benchOk}), ${exported} exports written into the opened folder, ${refusedLink} refused at the link, ${other.length} other${other.length ? ` (${other.slice(0, 2).join(' | ')})` : ''}; XDG_CONFIG_HOME: exit ${xdgCode} "${xdg.trim()}"; canary entries ${hits}, new root-owned entries outside ${strays.length}, in ${Date.now() - t0} ms`,
      );
      const held =
        hits === 0 &&
        strays.length === 0 &&
        other.length === 0 &&
        benchOk === KINDS.length * 4 &&
        xdgCode !== 0 &&
        /refusing to use XDG_CONFIG_HOME/.test(xdg);
      recordAttack('issue 37 class 1: real CLI into ACL, group-0 and foreign-link folders', {
        held,
        outsideTouched: hits + strays.length,
        counts: { writes: hits, rootOwned: strays.length },
      });
      expect({ hits, strays, other }).toEqual({ hits: 0, strays: [], other: [] });
      expect(benchOk).toBe(KINDS.length * 4);
      expect(xdg).toMatch(/^drivewise: refusing to use XDG_CONFIG_HOME .* as root: .*ACL|group/);
    });
  },
);
