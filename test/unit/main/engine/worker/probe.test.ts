import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuFactor, probeTarget } from '../../../../../src/main/engine/worker/probe';
import { tempDirs } from '../../../../integration/engine/helpers';

const temp = tempDirs();
const quick = { writeBytes: 4 * 1024 * 1024, writeSeconds: 0.1, readSeconds: 0.05 };

describe('drive probe', () => {
  it('measures write rate, random reads and CPU, and removes its file', async () => {
    const dir = temp('probe');
    const r = await probeTarget(dir, quick);
    expect(r.seqBps).toBeGreaterThan(1e6);
    expect(r.iops).toBeGreaterThan(10);
    expect(r.cpu).toBeGreaterThanOrEqual(1);
    expect(r.cpu).toBeLessThanOrEqual(4);
    expect(r.seconds).toBeLessThan(2);
    expect(r.entries).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never writes through a planted symlink (exclusive create)', async () => {
    const dir = temp('probe-link');
    const victim = join(temp('probe-victim'), 'keep.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'probe.bin'));
    await expect(probeTarget(dir, quick)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('stops when cancelled', async () => {
    const dir = temp('probe-cancel');
    mkdirSync(join(dir, 'x'));
    const ac = new AbortController();
    ac.abort();
    await expect(probeTarget(dir, { ...quick, signal: ac.signal })).rejects.toThrow(/cancelled/);
    expect(readdirSync(dir)).toEqual(['x']);
  });

  it('CPU factor is clamped to 1–4', () => {
    const f = cpuFactor();
    expect(f).toBeGreaterThanOrEqual(1);
    expect(f).toBeLessThanOrEqual(4);
  });
});
