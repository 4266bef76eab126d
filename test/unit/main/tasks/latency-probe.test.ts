// The backup probe's CPU time is what the replay keeps of it on a new drive (its floor), so it
// must cover the same loop as its wall time. Taken around runProbe it also held the worker's
// start (a V8 isolate), which is not in the wall time: a short probe then read more CPU than time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runProbe } from '../../../../src/main/tasks/latency-probe';

const dir = mkdtempSync(join(tmpdir(), 'dw-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('latency probe', () => {
  it("times its own loop's CPU, not the worker's start", async () => {
    const file = join(dir, 'probe');
    writeFileSync(file, Buffer.alloc(1 << 20, 7));
    const smallFiles = [0, 1, 2].map((i) => {
      const f = join(dir, `s${i}`);
      writeFileSync(f, String(i));
      return f;
    });
    // A handful of operations: the loop takes a few milliseconds, the worker's start tens.
    const job = { file, fileSize: 1 << 20, smallFiles, ops: 5, maxSeconds: 5, seed: 1 };
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++) {
      const r = await runProbe(job, { signal });
      expect(r.readUs).toHaveLength(5);
      // One thread runs the loop; the main thread only waits. 2 ms for a clock tick's rounding.
      expect(r.cpu).toBeGreaterThanOrEqual(0);
      expect(r.cpu).toBeLessThanOrEqual(r.seconds + 0.002);
    }
  });

  it('rejects with the reason when cancelled', async () => {
    const file = join(dir, 'probe2');
    writeFileSync(file, Buffer.alloc(1 << 20, 7));
    const job = { file, fileSize: 1 << 20, smallFiles: [file], ops: 1e7, maxSeconds: 60, seed: 2 };
    const ac = new AbortController();
    const run = runProbe(job, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('cancelled')), 100);
    await expect(run).rejects.toThrow('cancelled');
  });
});
