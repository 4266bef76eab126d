// Issue 25, class 6: outputs through a parent folder that changes mid-run. A second account owns
// the folder that holds the output folder and keeps exchanging that folder with a symlink to a
// root-only canary folder (renameat2 RENAME_EXCHANGE, so one of the two is always there). Root
// writes `out/report.json` with --force over and over. The control is the same writer going by
// path (as before the fix), which the harness steers into the canary; the protected run is the
// real writer (folder opened by descriptor, O_NOFOLLOW at every step) and the real CLI's --json.
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { dirFd } from '../../src/main/core/dir-fd';
import { createServices } from '../../src/main/create-services';
import { writeFileByPath, writeFileSafe } from '../../src/main/core/safe-write';
import { capture } from '../integration/engine/helpers';
import { isRoot } from './cli-run';
import { attackAs, findEntries, raceUntil, secondAccount } from './second-account';
import { fingerprint, sweepDirs, touched } from './sweep-helpers';
import { recordAttack } from './tally';

const ATTACK = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
out, stop, pause = sys.argv[1:]
end = time.time() + 150
while time.time() < end and not os.path.exists(stop):
    if os.path.exists(pause):
        time.sleep(0.002)
        continue
    libc.renameat2(-100, out.encode(), -100, (out + '.lnk').encode(), 2)
`;

const tmp = sweepDirs();
const a = secondAccount(isRoot);
let base = '';
let home = '';
let out = '';
let canary = '';
let stop = '';
let pause = '';
let attacker: ReturnType<typeof attackAs> | null = null;

beforeAll(() => {
  if (!isRoot) return;
  base = tmp('c6', '/var/tmp');
  chmodSync(base, 0o755);
  home = join(base, 'home');
  out = join(home, 'out');
  mkdirSync(out, { recursive: true, mode: 0o755 });
  canary = join(base, 'canary');
  mkdirSync(canary, { mode: 0o700 });
  writeFileSync(join(canary, 'precious'), 'root only');
  // out.lnk -> canary: the attacker's own link, exchanged with its own folder `out`.
  symlinkSync(canary, `${out}.lnk`);
  lchownSync(`${out}.lnk`, a.uid, a.gid);
  chownSync(home, a.uid, a.gid);
  chownSync(out, a.uid, a.gid);
  stop = join(base, 'stop');
  pause = join(base, 'pause');
  attacker = attackAs(a, ATTACK, [out, stop, pause]);
});
afterAll(() => {
  if (stop) writeFileSync(stop, '');
  attacker?.kill('SIGKILL');
});

/** Entries root made in the canary (anything but `precious`), removed again. */
function canaryIntruders(): number {
  const extra = readdirSync(canary).filter((n) => n !== 'precious');
  for (const n of extra) rmSync(join(canary, n), { recursive: true, force: true });
  return extra.length;
}

/**
 * Root-owned entries in the account's folders other than the outputs themselves (wherever the
 * exchange has the real folder now): temp files a broken write left behind.
 */
function rootOwnedOutside(remove = false): string[] {
  // Walked with the attacker paused: a walk racing the exchange can miss the real folder.
  writeFileSync(pause, '');
  const t = Date.now() + 30;
  while (Date.now() < t); // the attacker sleeps within 2 ms of seeing the file
  try {
    const found = findEntries(home, (st, p) => st.uid === 0 && !/\/(report|run)\.json$/.test(p));
    if (remove) for (const p of found) rmSync(p, { force: true });
    return found;
  } finally {
    rmSync(pause);
  }
}

describe.skipIf(!isRoot)(
  'class 6: output folder swapped for a link mid-write (second account)',
  () => {
    it('control: the writer going by path is steered into the canary', async () => {
      const r = await raceUntil(async (i) => {
        await writeFileByPath(join(out, 'report.json'), `run ${i}\n`, { overwrite: true }).catch(
          () => undefined,
        );
        return canaryIntruders() > 0;
      });
      console.log(
        `class 6 control: the path-based writer put files in the canary in ${r.hits} of ${r.runs} writes (${r.ms} ms)`,
      );
      // The control's strays: temp files its path-based cleanup sent to the wrong folder.
      rootOwnedOutside(true);
      expect(r.hits).toBeGreaterThanOrEqual(20);
    });

    it.skipIf(!dirFd())(
      'protected: the real writer never writes outside the folder it opened',
      async () => {
        const before = fingerprint(canary);
        let written = 0;
        let refused = 0;
        const other: string[] = [];
        const r = await raceUntil(
          async (i) => {
            try {
              await writeFileSafe(join(out, 'report.json'), `run ${i}\n`, { overwrite: true });
              written++;
            } catch (err) {
              const m = (err as Error).message;
              if (/symbolic link in a folder another account can change|kept changing/.test(m))
                refused++;
              else other.push(m);
            }
            return canaryIntruders() > 0;
          },
          { minHits: 1, capMs: 10_000, maxRuns: 3000 },
        );
        const strays = rootOwnedOutside();
        const outside = touched(before, [canary]) + strays.length;
        console.log(
          `class 6 protected: ${r.runs} writes under the same swaps: ${written} written into the opened folder, ${refused} refused (link at open), ${other.length} other${other.length ? ` (${[...new Set(other)].slice(0, 3).join(' | ')})` : ''}; canary entries made ${r.hits}, root-owned strays ${strays.length}`,
        );
        const held = r.hits === 0 && outside === 0 && other.length === 0 && written > 0;
        recordAttack(
          `class 6: output folder swapped for a link during root's writes (${r.runs} writes)`,
          {
            held,
            outsideTouched: r.hits + outside,
          },
        );
        expect({ hits: r.hits, outside, other }).toEqual({ hits: 0, outside: 0, other: [] });
        expect(written).toBeGreaterThan(0);
      },
    );

    it.skipIf(!dirFd())(
      'protected: bench --json DIR/run.json --force while DIR is swapped',
      async () => {
        const before = fingerprint(canary);
        const codes: number[] = [];
        const lines: string[] = [];
        for (let i = 0; i < 2; i++) {
          const s = createServices({ configDir: tmp('c6-cfg') });
          const c = capture();
          codes.push(
            await runCli(
              [
                'bench',
                '--dir',
                tmp('c6-target'),
                '--tests',
                'seeker',
                '--size',
                'file=8M,seekerSeconds=0.2',
                '--json',
                join(out, 'run.json'),
                '--force',
              ],
              c.io,
              s,
            ),
          );
          const err = c.err
            .join('')
            .split('\n')
            .filter((l) => /--json|refusing|cannot/.test(l));
          lines.push(err.join(' | ') || 'written');
        }
        const hits = canaryIntruders();
        const outside = touched(before, [canary]) + rootOwnedOutside().length;
        console.log(`class 6 --json: exit codes ${codes.join(', ')}; ${lines.join('; ')}`);
        recordAttack('class 6: --json DIR/run.json --force with DIR swapped mid-bench', {
          held: hits === 0 && outside === 0 && codes.every((x) => x === 0 || x === 1 || x === 2),
          outsideTouched: hits + outside,
        });
        expect({ hits, outside }).toEqual({ hits: 0, outside: 0 });
        for (const l of lines) expect(l).not.toMatch(/\n/);
      },
    );

    it('without the addon: root refuses the folder in one line instead of racing it', async () => {
      process.env['DRIVEWISE_NATIVE_DIRFD'] = '0';
      const before = fingerprint(canary);
      const said = new Set<string>();
      let landed = 0;
      try {
        for (let i = 0; i < 50; i++) {
          try {
            await writeFileSafe(join(out, 'report.json'), `run ${i}\n`, { overwrite: true });
            landed++;
          } catch (err) {
            said.add((err as Error).message.replace(/\/home\/out(\.lnk)?/, '/home/out'));
          }
        }
      } finally {
        delete process.env['DRIVEWISE_NATIVE_DIRFD'];
      }
      const hits = canaryIntruders();
      const outside = touched(before, [canary]) + rootOwnedOutside().length;
      console.log(
        `class 6 without the addon: ${landed} of 50 written; said: ${[...said].join(' | ')}`,
      );
      recordAttack('class 6: output folder of another account as root without the addon', {
        held: landed === 0 && hits === 0 && outside === 0,
        outsideTouched: hits + outside,
      });
      expect({ landed, hits, outside }).toEqual({ landed: 0, hits: 0, outside: 0 });
      // Either reason is the one-line refusal: the swap decides which folder root looked at.
      expect(
        [...said].every((m) => /^refusing to write .* as root: .*(belongs to|is writable)/.test(m)),
      ).toBe(true);
    });
  },
);
