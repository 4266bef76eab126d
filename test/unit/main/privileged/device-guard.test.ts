import { readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  lexicalDeviceError,
  majMinOf,
  openListedBlockDevice,
  parseLsblk,
  type GuardFs,
} from '../../../../src/main/privileged/device-guard';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

describe('parseLsblk', () => {
  it('reads real `lsblk -J -b -p` output', () => {
    expect(parseLsblk(fixture('lsblk-p-loop.json'))).toEqual([
      { path: '/dev/loop0', majMin: '7:0', type: 'loop', sizeBytes: 67108864 },
      { path: '/dev/zram0', majMin: '253:0', type: 'disk', sizeBytes: 0 },
      { path: '/dev/vda', majMin: '254:0', type: 'disk', sizeBytes: 274877906944 },
    ]);
  });

  it('flattens partitions (children)', () => {
    const json = JSON.stringify({
      blockdevices: [
        {
          name: '/dev/sda',
          'maj:min': '8:0',
          type: 'disk',
          size: 1000,
          children: [{ name: '/dev/sda1', 'maj:min': '8:1', type: 'part', size: 500 }],
        },
      ],
    });
    expect(parseLsblk(json).map((e) => e.path)).toEqual(['/dev/sda', '/dev/sda1']);
  });
});

describe('majMinOf', () => {
  it('decodes glibc dev_t numbers, including large minors', () => {
    expect(majMinOf(0x0801)).toBe('8:1');
    expect(majMinOf(0x0700)).toBe('7:0');
    expect(majMinOf(66306)).toBe('259:2'); // nvme0n1p2 on a real machine
    expect(majMinOf(BigInt(0x10000701))).toBe('7:65537');
  });
});

describe('lexicalDeviceError', () => {
  it('allows plain device names', () => {
    for (const p of ['/dev/sda', '/dev/nvme0n1', '/dev/loop7', '/dev/mapper/vg-root', '/dev/md127'])
      expect(lexicalDeviceError(p)).toBeNull();
  });
  it('refuses traversal, paths outside /dev and odd characters', () => {
    expect(lexicalDeviceError('/dev/../etc/shadow')).toMatch(/"\.\."/);
    expect(lexicalDeviceError('/dev/./sda')).toMatch(/"\."/);
    expect(lexicalDeviceError('/dev//sda')).toMatch(/empty/);
    expect(lexicalDeviceError('/dev/sda/')).toMatch(/empty/);
    expect(lexicalDeviceError('/tmp/disk.img')).toMatch(/under \/dev/);
    expect(lexicalDeviceError('dev/sda')).toMatch(/under \/dev/);
    expect(lexicalDeviceError('/dev/sda;rm -rf')).toMatch(/characters/);
    expect(lexicalDeviceError('/dev/sda\n')).toMatch(/characters/);
  });
});

// A fake filesystem where each path has a kind and a dev_t.
type Kind = 'block' | 'char' | 'file' | 'link';
function fakeFs(
  nodes: Record<string, { kind: Kind; rdev?: number; real?: string }>,
  listed: { path: string; majMin: string }[],
  fdRdev?: number,
): GuardFs & { opened: string[]; closed: number[] } {
  const stats = (kind: Kind, rdev = 0) =>
    ({
      isSymbolicLink: () => kind === 'link',
      isBlockDevice: () => kind === 'block',
      rdev,
    }) as unknown as Stats;
  const opened: string[] = [];
  const closed: number[] = [];
  return {
    opened,
    closed,
    lstat: async (p) => {
      const n = nodes[p];
      if (!n) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return stats(n.kind, n.rdev);
    },
    realpath: async (p) => nodes[p]?.real ?? p,
    open: async (p) => {
      opened.push(p);
      return 42;
    },
    fstat: async () => stats('block', fdRdev ?? nodes[opened.at(-1)!]!.rdev),
    close: async (fd) => {
      closed.push(fd);
    },
    listBlockDevices: async () => listed.map((l) => ({ ...l, type: 'disk', sizeBytes: 1 << 30 })),
  };
}

describe('openListedBlockDevice', () => {
  const LOOP = 0x0703;
  const listed = [{ path: '/dev/loop3', majMin: '7:3' }];

  it('opens a listed block device', async () => {
    const fs = fakeFs({ '/dev/loop3': { kind: 'block', rdev: LOOP } }, listed);
    const dev = await openListedBlockDevice('/dev/loop3', fs);
    expect(dev.fd).toBe(42);
    expect(dev.entry.sizeBytes).toBe(1 << 30);
    expect(fs.opened).toEqual(['/dev/loop3']);
  });

  it.each([
    ['/dev/zero', { kind: 'char' as Kind, rdev: 0x0105 }, /not a block device/],
    ['/dev/shm/disk.img', { kind: 'file' as Kind }, /not a block device/],
    ['/dev/disk/by-id/x', { kind: 'link' as Kind }, /symlink/],
    ['/dev/nope', undefined, /no such device/],
  ])('refuses %s without opening it', async (path, node, msg) => {
    const fs = fakeFs(node ? { [path]: node } : {}, listed);
    await expect(openListedBlockDevice(path, fs)).rejects.toThrow(msg);
    expect(fs.opened).toEqual([]);
  });

  it('refuses a path whose parent directory is a symlink', async () => {
    const fs = fakeFs(
      { '/dev/foo/loop3': { kind: 'block', rdev: LOOP, real: '/dev/loop3' } },
      listed,
    );
    await expect(openListedBlockDevice('/dev/foo/loop3', fs)).rejects.toThrow(
      /symlinked directory/,
    );
    expect(fs.opened).toEqual([]);
  });

  it('refuses a block device node lsblk does not list, even with a listed device number', async () => {
    const fs = fakeFs({ '/dev/sneaky': { kind: 'block', rdev: LOOP } }, listed);
    await expect(openListedBlockDevice('/dev/sneaky', fs)).rejects.toThrow(/lsblk lists/);
    const fs2 = fakeFs({ '/dev/loop3': { kind: 'block', rdev: 0x0704 } }, listed);
    await expect(openListedBlockDevice('/dev/loop3', fs2)).rejects.toThrow(/lsblk lists/);
  });

  it('closes and refuses when the opened fd is not the device that was checked', async () => {
    const fs = fakeFs({ '/dev/loop3': { kind: 'block', rdev: LOOP } }, listed, 0x0800);
    await expect(openListedBlockDevice('/dev/loop3', fs)).rejects.toThrow(/changed/);
    expect(fs.closed).toEqual([42]);
  });
});

describe('openListedBlockDevice open errors', () => {
  it('turns EPERM into one plain line', async () => {
    const fs = fakeFs({ '/dev/vda': { kind: 'block', rdev: 0xfe00 } }, [
      { path: '/dev/vda', majMin: '254:0' },
    ]);
    fs.open = async () => {
      throw Object.assign(new Error("EPERM: operation not permitted, open '/dev/vda'"), {
        code: 'EPERM',
      });
    };
    await expect(openListedBlockDevice('/dev/vda', fs)).rejects.toThrow(
      'cannot open /dev/vda for reading: the system does not allow it',
    );
  });
});
