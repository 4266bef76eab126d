// The probe's promise: a chosen window's large O_DIRECT reads reach the device as the number of
// requests the probe measured. Checked on a loop device nobody else reads (its counter is ours).
import { closeSync, constants, openSync, readFileSync, readSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bufferAt,
  ioBuffers,
  parseReadsCompleted,
  setHugePageBuffers,
} from '../../../src/main/engine/methods/io-buffers';
import { nativeAio } from '../../../src/main/core/native-aio';
import { attachLoop, hasLosetup, isRoot } from '../privileged/loop';

const MiB = 1024 * 1024;

describe.skipIf(!isRoot || !hasLosetup)('io-buffers on a loop device', () => {
  it('by default hands out ordinary buffers as they come (fio --mem=malloc): no huge pages, no probe', () => {
    const loop = attachLoop(64);
    const fd = openSync(loop.dev, constants.O_RDONLY | constants.O_DIRECT);
    try {
      const b = ioBuffers(MiB, 4, { fd, size: 64 * MiB, direct: true });
      expect(b.hugePages).toBe(false);
      expect(b.requestsPerIo).toBeNull();
      expect(b.offsets).toEqual([0, MiB, 2 * MiB, 3 * MiB]);
    } finally {
      closeSync(fd);
      loop.detach();
    }
  });
});

// The huge-page option (named, labelled in the run): windows probed so requests reach the drive whole.
describe.skipIf(!isRoot || !hasLosetup)('io-buffers on a loop device, huge-page option', () => {
  beforeAll(() => setHugePageBuffers(true));
  afterAll(() => setHugePageBuffers(false));
  it('measures requests per 1 MiB read and the chosen window keeps that count', () => {
    const loop = attachLoop(64);
    const fd = openSync(loop.dev, constants.O_RDONLY | constants.O_DIRECT);
    try {
      const stat = `/sys/dev/block/${loop.majMin}/stat`;
      // 1 MiB = 256 pages, more than a loop queue's 128 segments: the probe must run.
      const b = ioBuffers(MiB, 1, { fd, size: 64 * MiB, direct: true });
      expect(b.requestsPerIo).not.toBeNull();
      expect(b.requestsPerIo!).toBeGreaterThanOrEqual(1);
      const buf = bufferAt(b, 0);
      const before = parseReadsCompleted(readFileSync(stat, 'utf8'));
      for (let i = 0; i < 16; i++) expect(readSync(fd, buf, 0, MiB, i * MiB)).toBe(MiB);
      const after = parseReadsCompleted(readFileSync(stat, 'utf8'));
      expect((after - before) / 16).toBeCloseTo(b.requestsPerIo!, 5);
    } finally {
      closeSync(fd);
      loop.detach();
    }
  });

  it.skipIf(!nativeAio().addon?.adviseHugePages)(
    'puts large windows in huge pages: each 1 MiB read is one request even over 128 segments',
    () => {
      const hugeKb = (): number =>
        readFileSync('/proc/self/smaps', 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('AnonHugePages:'))
          .reduce((a, l) => a + Number(l.split(/\s+/)[1]), 0);
      const loop = attachLoop(64);
      const fd = openSync(loop.dev, constants.O_RDONLY | constants.O_DIRECT);
      try {
        const kb0 = hugeKb();
        const b = ioBuffers(MiB, 4, { fd, size: 64 * MiB, direct: true });
        expect(b.hugePages).toBe(true);
        // The kernel may still fall back to small pages (fragmented memory, THP "never"); only
        // when every window is physically whole is one request per read promised. (The process's
        // AnonHugePages rising said too little: other memory of the process can take huge pages.)
        const runs = nativeAio().addon?.physicalRuns;
        const whole = [0, 1, 2, 3].map((i) => runs?.(bufferAt(b, i)) ?? 0);
        console.log(
          `huge pages: +${hugeKb() - kb0} KiB, physical runs per window ${whole.join(' ')}, ` +
            `${b.requestsPerIo} request(s) per 1 MiB read`,
        );
        if (whole.every((r) => r >= 1 && r <= 8)) {
          expect(b.requestsPerIo).toBe(1);
          expect(b.offsets.map((o) => o - b.offsets[0]!)).toEqual([0, MiB, 2 * MiB, 3 * MiB]);
        }
      } finally {
        closeSync(fd);
        loop.detach();
      }
    },
  );
});
