// Issue 25, class 3: root with another account's XDG_CONFIG_HOME or XDG_RUNTIME_DIR (as `sudo -E`
// leaves them). The account keeps exchanging its `runs` folder with a symlink to a root-only
// canary folder holding a file named like a bad run file; the store quarantines bad files (link
// into quarantine/, unlink), so root following the link deletes the canary's file. The control is
// the store used on that folder directly; the protected run is the real CLI, which refuses it.
// Also the root helper's --token-file: a FIFO or a foreign file is refused at once, never deleted.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfigDir } from '../../src/main/core/services';
import { readTokenOnce } from '../../src/main/privileged/helper';
import { defaultBaseDir } from '../../src/main/privileged/session';
import { RunStore } from '../../src/main/store/run-store';
import { CLI, isRoot } from './cli-run';
import { attackAs, raceUntil, secondAccount } from './second-account';
import { sweepDirs } from './sweep-helpers';
import { recordAttack } from './tally';

const ATTACK = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
runs, stop = sys.argv[1:]
end = time.time() + 150
while time.time() < end and not os.path.exists(stop):
    libc.renameat2(-100, runs.encode(), -100, (runs + '.lnk').encode(), 2)
`;

const tmp = sweepDirs();
const a = secondAccount(isRoot);
let base = '';
let xdg = '';
let canary = '';
let stop = '';
let attacker: ReturnType<typeof attackAs> | null = null;

beforeAll(() => {
  if (!isRoot) return;
  base = tmp('c3', '/var/tmp');
  chmodSync(base, 0o755);
  xdg = join(base, 'xdg');
  const runs = join(xdg, 'drivewise', 'runs');
  mkdirSync(runs, { recursive: true });
  writeFileSync(join(runs, 'junk.json'), 'not a run');
  execFileSync('chown', ['-R', `${a.uid}:${a.gid}`, xdg]);
  canary = join(base, 'canary');
  mkdirSync(canary, { mode: 0o700 });
  execFileSync('ln', ['-s', canary, `${runs}.lnk`]);
  execFileSync('chown', ['-h', `${a.uid}:${a.gid}`, `${runs}.lnk`]);
  stop = join(base, 'stop');
  attacker = attackAs(a, ATTACK, [runs, stop]);
});
afterAll(() => {
  if (stop) writeFileSync(stop, '');
  attacker?.kill('SIGKILL');
});

const plantCanary = (): void => writeFileSync(join(canary, 'junk.json'), 'root only');

describe.skipIf(!isRoot)(
  'class 3: root with another account config folder (second account)',
  () => {
    it('control: the store used on that folder deletes root files through the swapped link', async () => {
      plantCanary();
      const store = new RunStore(join(xdg, 'drivewise'));
      const r = await raceUntil(async () => {
        await store.scan().catch(() => undefined);
        const hit = !existsSync(join(canary, 'junk.json'));
        if (hit) plantCanary();
        return hit;
      });
      console.log(
        `class 3 control: the store followed the link and removed the canary file in ${r.hits} of ${r.runs} loads (${r.ms} ms)`,
      );
      expect(r.hits).toBeGreaterThanOrEqual(20);
    });

    it('protected: the real CLI as root refuses the folder in one line and touches nothing', async () => {
      plantCanary();
      const r = await raceUntil(
        async () => {
          const p = spawnSync(process.execPath, [CLI, 'runs'], {
            env: { ...process.env, XDG_CONFIG_HOME: xdg },
            encoding: 'utf8',
          });
          const ok =
            p.status === 2 &&
            /refusing to use XDG_CONFIG_HOME .* as root: it belongs to/.test(p.stderr);
          return !ok || !existsSync(join(canary, 'junk.json'));
        },
        { minHits: 1, maxRuns: 3 },
      );
      let runtime = '';
      try {
        defaultBaseDir({ XDG_RUNTIME_DIR: xdg });
      } catch (err) {
        runtime = (err as Error).message;
      }
      const lines = spawnSync(process.execPath, [CLI, 'runs'], {
        env: { ...process.env, XDG_CONFIG_HOME: xdg },
        encoding: 'utf8',
      }).stderr.trim();
      console.log(
        `class 3 protected: ${r.runs} CLI runs, ${r.hits} not refused; it said: ${lines}`,
      );
      const held = r.hits === 0 && /^refusing to use XDG_RUNTIME_DIR/.test(runtime);
      recordAttack(`class 3: another account's XDG_CONFIG_HOME / XDG_RUNTIME_DIR as root`, {
        held,
        outsideTouched: existsSync(join(canary, 'junk.json')) ? 0 : 1,
      });
      expect(r.hits).toBe(0);
      expect(lines.split('\n')).toHaveLength(1);
      expect(runtime).toMatch(/refusing to use XDG_RUNTIME_DIR .* as root/);
      expect(() => defaultConfigDir({ XDG_CONFIG_HOME: join(base, 'not-yet') })).not.toThrow();
    });

    it("the helper's --token-file: a FIFO or a file of another owner is refused at once and kept", () => {
      const dir = tmp('c7-token', '/var/tmp');
      chmodSync(dir, 0o700);
      const fifo = join(dir, 'token');
      execFileSync('mkfifo', ['-m', '0600', fifo]);
      const t0 = Date.now();
      expect(() => readTokenOnce(fifo)).toThrow(/not a private regular file/);
      const fifoMs = Date.now() - t0;
      expect(existsSync(fifo)).toBe(true);
      rmSync(fifo);
      writeFileSync(fifo, 'a'.repeat(64), { mode: 0o600 });
      chownSync(fifo, a.uid, a.gid);
      expect(() => readTokenOnce(fifo)).toThrow(/not a private regular file/);
      const kept = existsSync(fifo);
      console.log(`class 7 token file: FIFO refused in ${fifoMs} ms; foreign file kept: ${kept}`);
      recordAttack('class 7: FIFO or foreign --token-file for the root helper', {
        held: kept && fifoMs < 1000,
      });
      expect(kept).toBe(true);
    });
  },
);
