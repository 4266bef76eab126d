// The probe's promise: a chosen window's large O_DIRECT reads reach the device as the number of
// requests the probe measured. Checked on a loop device nobody else reads (its counter is ours).
import { closeSync, constants, openSync, readFileSync, readSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bufferAt, ioBuffers, parseReadsCompleted } from '../../../src/main/engine/io-buffers';
import { attachLoop, hasLosetup, isRoot } from '../privileged/loop';

const MiB = 1024 * 1024;

describe.skipIf(!isRoot || !hasLosetup)('io-buffers on a loop device', () => {
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
});
