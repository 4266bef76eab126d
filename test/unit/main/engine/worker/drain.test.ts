import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAIN_FILE,
  drainWrites,
  realDrainDeps,
  type DrainDeps,
} from '../../../../../src/main/engine/worker/drain';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'dw-drain-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A drive that takes `ms` to accept the write, on a clock the test moves. */
function slowDrive(ms: number): DrainDeps & { asked: string[] } {
  let t = 0;
  const asked: string[] = [];
  return {
    asked,
    now: () => t,
    writeThrough: (path) => {
      asked.push(path);
      return new Promise((resolve) =>
        setTimeout(() => {
          t += ms;
          resolve();
        }, ms),
      );
    },
  };
}

describe('the drain before a test that times writes', () => {
  it('writes one page through to the drive in the run folder, and reuses the file', async () => {
    const dir = freshDir();
    for (let i = 0; i < 3; i++) expect(await drainWrites(dir)).toBeGreaterThanOrEqual(0);
    expect(readdirSync(dir)).toEqual([DRAIN_FILE]);
    expect(statSync(join(dir, DRAIN_FILE)).size).toBe(4096);
    expect(statSync(join(dir, DRAIN_FILE)).mode & 0o777).toBe(0o600);
  });

  it('says how long the drive took, the wait for what it still owed included', async () => {
    const drive = slowDrive(40);
    expect(await drainWrites('/run/work', 1000, drive)).toBeCloseTo(0.04, 5);
    expect(drive.asked).toEqual([join('/run/work', DRAIN_FILE)]);
  });

  it('gives up waiting at its bound: the test starts, its conditions record the rest', async () => {
    const started = performance.now();
    expect(await drainWrites('/run/work', 30, slowDrive(400))).toBeNull();
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('never follows a link put where its file goes, and a failure is no result', async () => {
    const dir = freshDir();
    const target = join(dir, 'elsewhere');
    writeFileSync(target, 'keep');
    symlinkSync(target, join(dir, DRAIN_FILE));
    expect(await drainWrites(dir, 1000, realDrainDeps)).toBeNull();
    expect(statSync(target).size).toBe(4);
  });
});
