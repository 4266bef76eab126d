import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  conditionsBetween,
  devicesOf,
  majorMinor,
  readSnapshot,
  type DeviceRef,
  type SnapshotDeps,
} from '../../../../src/main/core/io-snapshot';
import { phaseConditions } from '../../../../src/shared/schemas/conditions';
import { busyLine } from '../../../../src/shared/verdict/conditions';

const fx = (name: string): string =>
  readFileSync(join(__dirname, '../../../fixtures/proc', name), 'utf8');

const disk: DeviceRef = { name: 'vda', role: 'disk', statPath: '/sys/block/vda/stat' };
const MiB = 1024 * 1024;

/** A fake /proc and /sys: path → text; a path not in it fails like a missing file. */
function files(over: Record<string, string>, atMs: number, own?: number): SnapshotDeps {
  return {
    readFile: async (p) => {
      const t = over[p];
      if (t === undefined) throw Object.assign(new Error(`ENOENT ${p}`), { code: 'ENOENT' });
      return t;
    },
    now: () => atMs,
    ...(own !== undefined ? { elsewhere: () => ({ readBytes: own, writeBytes: 0 }) } : {}),
  };
}

const blockStat = (readSectors: number, writeSectors: number, ios: number, ticks: number) =>
  `${ios} 0 ${readSectors} 0 ${ios} 0 ${writeSectors} 0 0 ${ticks} 0 0 0 0 0 0 0\n`;
const selfIo = (r: number, w: number) =>
  `rchar: 1\nwchar: 1\nsyscr: 1\nsyscw: 1\nread_bytes: ${r}\nwrite_bytes: ${w}\ncancelled_write_bytes: 0\n`;

describe('counters between two snapshots', () => {
  it('sets the engine own CPU against all cores (captured before/after a 1 s busy loop)', async () => {
    const snap = (tag: string, at: number) =>
      readSnapshot(
        [],
        files(
          {
            '/proc/stat': fx(`pair-${tag}-stat.txt`),
            '/proc/self/stat': fx(`pair-${tag}-self.txt`),
            '/proc/pressure/cpu': fx(`pair-${tag}-cpu-pressure.txt`),
          },
          at,
        ),
      );
    const c = conditionsBetween(await snap('before', 0), await snap('after', 1000));
    // 2 cores × 100 ticks; user time grew 182, of which the spinning process took 98 (its
    // kernel time and the machine's are not others' programs).
    expect(c.cpu!.othersBusy).toBeCloseTo((182 - 98) / 200, 6);
    expect(c.cpu!.steal).toBe(0);
    expect(c.cpu!.cpuPressure).toBeCloseTo((195004236 - 194571134) / 1e6, 6);
    expect(c.cpu!.ioPressure).toBeNull();
    expect(c.io).toBeNull(); // no device, nothing to set own bytes against
    expect(c.memory).toBeNull();
    expect(phaseConditions.safeParse(c).success).toBe(true);
  });

  it('counts device bytes beyond the engine own (and the helper) as foreign, at least 0', async () => {
    const at = (sectors: number, ownRead: number, helper: number, t: number) =>
      readSnapshot(
        [disk],
        files(
          {
            [disk.statPath]: blockStat(sectors, 1000, 10, 5),
            '/proc/self/io': selfIo(ownRead, 0),
            '/proc/vmstat': 'pswpin 3\npswpout 9\n',
            '/proc/pressure/memory': 'some avg10=0 avg60=0 avg300=0 total=100\n',
          },
          t,
          helper,
        ),
      );
    const a = await at(0, 0, 0, 0);
    // 300 MiB on the device; the engine read 40 MiB itself and the helper 60 MiB for it.
    const b = await at((300 * MiB) / 512, 40 * MiB, 60 * MiB, 2000);
    const c = conditionsBetween(a, b);
    expect(c.seconds).toBe(2);
    expect(c.devices).toEqual([
      {
        name: 'vda',
        role: 'disk',
        readBytes: 300 * MiB,
        writeBytes: 0,
        requests: 0,
        readRequests: 0,
        writeRequests: 0,
        ioTicksMs: 0,
      },
    ]);
    expect(c.io).toEqual({ ownReadBytes: 100 * MiB, ownWriteBytes: 0, foreignBytes: 200 * MiB });
    expect(c.memory).toEqual({ swapInPages: 0, memoryPressure: 0 });
    // The engine's bytes not yet written back: the device saw less than it issued, no foreign.
    const c2 = conditionsBetween(a, await at(8, 40 * MiB, 0, 1000));
    expect(c2.io!.foreignBytes).toBe(0);
  });

  it('sets reads and writes apart: the engine reading elsewhere hides no other writer', async () => {
    const MB = 1e6;
    const at = (devR: number, devW: number, ownR: number, ownW: number, t: number) =>
      readSnapshot(
        [disk],
        files(
          {
            [disk.statPath]: blockStat(Math.round(devR / 512), Math.round(devW / 512), 10, 5),
            '/proc/self/io': selfIo(ownR, ownW),
          },
          t,
        ),
      );
    // A disk search's figures on an HDD-like loop device (a run file of this machine): the
    // engine read 18.6 MB, most of it its own program after a cache drop, from another disk;
    // the loop device read 3.3 MB and wrote 7.0 MB more than the engine did.
    const c = conditionsBetween(
      await at(0, 0, 0, 0, 0),
      await at(3.3 * MB, 45.2 * MB, 18.6 * MB, 38.2 * MB, 11_000),
    );
    expect(c.io!.foreignBytes).toBeCloseTo(7 * MB, -4);
    // Quick's unpack on the HDD-like loop, quiet (a run file): 12,698 files in 1,977 folders
    // extracted, 186.9 MB written by the engine and tar, 215.2 MB by the device. Without the
    // filesystem's share for those entries 28.3 MB read as another process's.
    const quietA = await at(0, 0, 0, 0, 0);
    const quietB = await at(39.2 * MB, 215.2 * MB, 44.3 * MB, 186.9 * MB, 18_200);
    const entries = { files: 12_698, folders: 1_977 };
    expect(conditionsBetween(quietA, quietB).io!.foreignBytes).toBeCloseTo(28.3 * MB, -5);
    const quiet = conditionsBetween(quietA, quietB, entries);
    expect(quiet.io).toMatchObject({ foreignBytes: 0, ownEntries: entries });
    expect(busyLine(quiet)).toBeNull();
    // The same unpack beside a writer of 60 MB (the random writer put 51-161 MB into 9-37 s
    // phases): still busy once the entries are allowed for.
    const busyB = await at(39.2 * MB, 275.2 * MB, 44.3 * MB, 186.9 * MB, 18_200);
    const busy = conditionsBetween(quietA, busyB, entries);
    expect(busy.io!.foreignBytes).toBeGreaterThan(45 * MB);
    expect(busyLine(busy)).toMatch(/^busy: \d+ MB of other disk traffic/);
  });

  it('never throws on unreadable files: each part is null, devices []', async () => {
    const fail: SnapshotDeps = {
      readFile: () => Promise.reject(new Error('EACCES')),
      now: () => 0,
      elsewhere: () => {
        throw new Error('gone');
      },
    };
    const s = await readSnapshot([disk], fail);
    expect(s.devices).toEqual([{ ref: disk, stat: null }]);
    const c = conditionsBetween(s, s);
    expect(c).toEqual({ seconds: 0, devices: [], io: null, cpu: null, memory: null });
    expect(phaseConditions.safeParse(c).success).toBe(true);
  });
});

describe('the work folder device', () => {
  it('decodes dev_t as glibc does', () => {
    expect(majorMinor(65024n)).toBe('254:0'); // /work on this machine's vda
    expect(majorMinor(2049n)).toBe('8:1');
    // glibc's makedev: major's low 12 bits at 8, minor's low 8 bits at 0, minor's rest at 20.
    const makedev = (ma: bigint, mi: bigint) =>
      ((ma & 0xfffn) << 8n) | ((ma & ~0xfffn) << 32n) | (mi & 0xffn) | ((mi & ~0xffn) << 12n);
    expect(majorMinor(makedev(259n, 1n))).toBe('259:1'); // nvme0n1p1
    expect(majorMinor(makedev(7n, 300n))).toBe('7:300'); // a loop device past loop255
    expect(majorMinor(makedev(4100n, 5n))).toBe('4100:5'); // a major past 12 bits
  });

  const resolver = (real: string, partitions: string[]) => ({
    statDev: async () => 2049n,
    realpath: async (p: string) => {
      if (p !== '/sys/dev/block/8:1') throw new Error('ENOENT');
      return real;
    },
    exists: async (p: string) => partitions.includes(p),
  });

  it('a partition first, then its disk', async () => {
    const sys = '/sys/devices/pci0000:00/ata1/host0/block/sda/sda1';
    expect(await devicesOf('/home', resolver(sys, [`${sys}/partition`]))).toEqual([
      { name: 'sda1', role: 'partition', statPath: `${sys}/stat` },
      { name: 'sda', role: 'disk', statPath: '/sys/devices/pci0000:00/ata1/host0/block/sda/stat' },
    ]);
  });

  it('a whole disk, loop or mapped device alone; [] off any block device', async () => {
    const sys = '/sys/devices/virtual/block/loop3';
    expect(await devicesOf('/mnt', resolver(sys, []))).toEqual([
      { name: 'loop3', role: 'disk', statPath: `${sys}/stat` },
    ]);
    const tmpfs = { ...resolver(sys, []), statDev: async () => 40n };
    expect(await devicesOf('/dev/shm', tmpfs)).toEqual([]);
  });

  it('finds this machine real folder on a block device', async () => {
    const d = await devicesOf(__dirname);
    // A checkout on tmpfs or overlay has none; where there is one, its stat file parses.
    for (const ref of d)
      expect(readFileSync(ref.statPath, 'utf8').trim().split(/\s+/).length).toBeGreaterThanOrEqual(
        11,
      );
  });
});
