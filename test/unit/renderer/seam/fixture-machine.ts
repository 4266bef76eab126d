// A machine from a captured /sys, /proc and lsblk snapshot (test/fixtures/drives): drives.list
// and drives.resolve answered by main's own detection code on that snapshot, so the Drive step
// sees a real laptop's disks instead of this VM's one virtio disk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFromSnapshot, takeSnapshot } from '../../../../src/main/drives/detect';
import { machineProfile } from '../../../../src/main/drives';
import { mountFor } from '../../../../src/main/drives/mountinfo';
import { locate, warningFor } from '../../../../src/main/drives/resolve';
import type { Res } from '../../../../src/shared/contract';
import { FIXTURES, fixtureOpts } from '../../main/drives/fixture';

export interface FixtureMachine {
  list(): Promise<Res<'drives.list'>>;
  /** Where a path lands, as the stat of it would say on that machine (its mount's device). */
  resolve(path: string): Promise<Res<'drives.resolve'>>;
}

/** The free space the snapshot's statfs.json recorded, where it has one. */
function capturedFree(name: string): number | null {
  const file = join(FIXTURES, name, 'statfs.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { availBytes: number }).availBytes;
}

export function fixtureMachine(name: string, home: string | null = null): FixtureMachine {
  const free = capturedFree(name);
  const opts = { ...fixtureOpts(name), home, freeBytes: async () => free };
  return {
    async list() {
      const snap = await takeSnapshot(opts);
      return {
        drives: await detectFromSnapshot(snap, opts),
        machine: machineProfile({ root: join(FIXTURES, name), env: {} }),
      };
    },
    async resolve(path) {
      const snap = await takeSnapshot(opts);
      const mount = mountFor(snap.mounts, path);
      const loc = locate(snap, mount?.majMin ?? '0:0', path);
      const drives = loc.notDrive ? [] : await detectFromSnapshot(snap, opts);
      const drive = drives.find((d) => loc.disks.includes(d.path)) ?? null;
      const writable = !loc.readOnlyMount;
      const warning = warningFor(path, loc, writable, drive);
      // The contract's schema drops what the answer does not carry (readOnlyMount, notDrive).
      return {
        ...loc,
        path,
        drive,
        writable,
        readOnly: loc.readOnlyMount,
        freeBytes: free,
        warning,
        file: null,
      };
    },
  };
}
