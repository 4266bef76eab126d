// Issue 35, "A clone": a real tree on the old drive, copied with `cp -a` to the new one mounted
// elsewhere, then both measured. The walk of the person's own files takes the same entries on
// both (the first 20,000 by name, not each filesystem's hash order, bounded by count, not time),
// names them by their paths relative to the drive's root, so the own-files row is compared and
// counted, and its title says how much was walked.
//
// In the suite: a real tree of 21,000+ entries (man pages, headers, icons) on two ext4 loop devices
// in memory, the disk search alone. With DW_CLONE_FULL=1 the acceptance measurement: a copy of
// /usr/share (54,505 entries here) on the HDD-like device (150 IOPS, 120 MB/s), the quick profile
// on it and on an unthrottled clone; it prints the walk times and the time saved.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatVerdict } from '../../../src/main/verdict/text';
import { workloadOf } from '../../../src/shared/bench/workload';
import { computeVerdict } from '../../../src/shared/verdict';
import { tempDir } from '../engine/helpers';
import { quickIn } from './quick-run';
import {
  ext4Loop,
  HDD_LIKE,
  splitLargeRequests,
  throttleDevice,
  throttleUnavailable,
  type Ext4Loop,
} from './loop';

const full = process.env['DW_CLONE_FULL'] === '1';
const skip = throttleUnavailable();
if (skip) console.log(`own tree clone skipped: ${skip}`);
const config = skip ? '' : tempDir('clone-cfg');
afterAll(() => void (config && rmSync(config, { recursive: true, force: true })));

/** Entries under dir, the dir included (find -xdev | wc -l). */
const entriesOf = (dir: string): number =>
  Number(execFileSync('sh', ['-c', 'find "$1" -xdev | wc -l', 'sh', dir], { encoding: 'utf8' }));

/** Real folders of this machine, taken in order until they hold `min` entries. */
function realTree(candidates: string[], min: number): { dirs: string[]; entries: number } {
  const dirs: string[] = [];
  let entries = 0;
  for (const d of candidates.filter((c) => existsSync(c))) {
    if (entries >= min) break;
    dirs.push(d);
    entries += entriesOf(d);
  }
  return { dirs, entries };
}

const SOURCES = full
  ? ['/usr/share']
  : ['/usr/share/man', '/usr/include', '/usr/share/icons', '/usr/share/doc', '/usr/lib/python3'];
const tree = skip ? { dirs: [], entries: 0 } : realTree(SOURCES, full ? 50_000 : 21_000);
const tooSmall = !skip && tree.entries < (full ? 50_000 : 21_000);
if (tooSmall)
  console.log(`own tree clone skipped: ${tree.entries} entries in ${tree.dirs.join(' ')}`);

// The suite: the disk search alone (its generated workload small). Full: the quick profile.
const REQ = full
  ? {}
  : { profile: 'custom' as const, tests: ['task.du'], sizes: { 'task.workloadFiles': 2000 } };

/** The old drive with the tree on it, and its clone made with cp -a, mounted elsewhere. */
function drives(): { old: Ext4Loop; clone: Ext4Loop } {
  const old = ext4Loop(full ? 4096 : 2048, { inMemory: !full });
  let clone: Ext4Loop | null = null;
  try {
    const files = join(old.mnt, 'files');
    mkdirSync(files);
    const t0 = performance.now();
    execFileSync('cp', ['-a', ...tree.dirs, files]);
    mkdirSync(join(old.mnt, 'bench'));
    execFileSync('sync');
    clone = ext4Loop(full ? 4096 : 2048, { inMemory: true });
    // The whole drive, as a person clones it: every entry relative to its root, on another mount.
    for (const name of readdirSync(old.mnt).filter((n) => n !== 'lost+found'))
      execFileSync('cp', ['-a', join(old.mnt, name), clone.mnt]);
    execFileSync('sync');
    console.log(
      `copied ${tree.entries} entries (${tree.dirs.join(' ')}) twice in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${old.mnt} → ${clone.mnt}`,
    );
    return { old, clone };
  } catch (err) {
    clone?.dispose();
    old.dispose();
    throw err;
  }
}

describe.skipIf(skip !== null || tooSmall)('the person’s own tree across a clone', () => {
  it(
    'the own-files row is compared and counted, its title says how much was walked',
    async () => {
      const { old, clone } = drives();
      const unsplit = full ? splitLargeRequests(old.dev) : null;
      let throttle = full ? throttleDevice(old.majMin, HDD_LIKE) : null;
      try {
        if (full) throttle!.add(process.pid);
        const before = await quickIn('clone: old drive', join(old.mnt, 'bench'), config, REQ);
        throttle?.remove();
        throttle = null;
        const after = await quickIn('clone: new drive', join(clone.mnt, 'bench'), config, REQ);
        const v = computeVerdict(before.doc, after.doc);
        console.log(formatVerdict(v));
        const du = (d: typeof before.doc) => d.tests.find((t) => t.testId === 'task.du');
        const [mb, ma] = [workloadOf(du(before.doc), 'own'), workloadOf(du(after.doc), 'own')];
        expect(mb!.name).not.toBe(ma!.name);
        expect(mb!.digest).toBe(ma!.digest);
        expect([mb!.files, ma!.files]).toEqual([20_000, 20_000]);
        const own = v.tasks.find((t) => t.title.startsWith('Search the disk, your files in'))!;
        expect(own.title).toMatch(
          /: the first 20,000 entries by name, of [\d,]+ on that drive \(\d+ %\)$/,
        );
        expect(own.basis).toBe('measured');
        expect(own.note).not.toMatch(/different workloads/);
        expect(v.findings.map((f) => f.title).join('\n')).not.toMatch(/different workloads/);
        if (full) {
          expect(own.outcome).toBe('faster');
          expect(own.savedPerDay).toBeGreaterThan(0);
          expect(v.totals.measuredPerDaySeconds).toBeGreaterThanOrEqual(own.savedPerDay!);
        }
      } finally {
        throttle?.remove();
        unsplit?.();
        clone.dispose();
        old.dispose();
      }
    },
    full ? 900_000 : 300_000,
  );
});
