// bonnie++ -f with its file phases on an HDD-like loop (150 IOPS, 120 MB/s through blkio): the
// block write of repetitions 2 and 3 comes right after the last repetition's 2,048 creates and
// deletes. Without the drain before it (drain.ts), its first write waited 1.85 s for their
// metadata inside the timed pass and the phase read 4.5 KiB/s instead of ~1,200 (quick ran no
// per-char phase there any more, whose CPU time had hidden the wait).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../src/main/engine/worker/registry';
import { runPlan } from '../../../src/main/engine/worker/runner';
import { ext4Loop, HDD_LIKE, throttleDevice, throttleUnavailable, type Ext4Loop } from './loop';

const MiB = 1024 * 1024;
const skip = throttleUnavailable();
if (skip) console.log(`bonnie drain test skipped: ${skip}`);

let disk: Ext4Loop;
beforeAll(() => {
  if (!skip) disk = ext4Loop(512, { inMemory: true });
});
afterAll(() => disk?.dispose());

describe.skipIf(skip !== null)('bonnie++ -f on an HDD-like loop', () => {
  it('times every repetition’s block write at the drive’s rate, not behind the file phases’ metadata', async () => {
    const throttle = throttleDevice(disk.majMin, HDD_LIKE)!;
    const workDir = mkdtempSync(join(disk.mnt, '.drivewise-'));
    throttle.add(process.pid);
    try {
      const [r] = await runPlan(
        {
          workDir,
          targetDir: disk.mnt,
          device: null,
          tests: ['bonnie'],
          repetitions: 3,
          sizes: { bonnie: 16 * MiB, bonnieChar: 0, bonnieFiles: 1, phaseSeconds: 0.5 },
          options: {},
          privileged: false,
        },
        {
          send: () => {},
          signal: new AbortController().signal,
          privileged: null,
          modules: registry,
        },
      );
      expect(r!.status, r!.error).toBe('ok');
      const block = r!.measurements.find((m) => m.metric === 'seq_output_block')!.samples;
      console.log(`bonnie++ -f block writes, KiB/s: ${block.join(', ')}`);
      const xs = block.filter((x): x is number => x !== null);
      expect(xs).toHaveLength(3);
      // 150 writes of 8 KiB a second: 1,200 KiB/s, with the throttle's bursts above it.
      expect(Math.min(...xs)).toBeGreaterThan(600);
      expect(Math.min(...xs)).toBeGreaterThan(Math.max(...xs) / 3);
    } finally {
      throttle.remove();
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 120_000);
});
