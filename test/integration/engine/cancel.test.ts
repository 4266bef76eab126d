import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { forkSpawner } from '../../../src/main/engine/host/client';
import { leftovers, req, saver, tempDir } from './helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** One run cancelled `afterMs` after start; returns how long the cancel took to land. */
async function cancelAt(
  afterMs: number,
): Promise<{ dir: string; cancelMs: number; finished: boolean }> {
  const dir = tempDir('cancel');
  dirs.push(dir);
  const ac = new AbortController();
  let abortedAt = 0;
  const timer = setTimeout(() => {
    abortedAt = performance.now();
    ac.abort();
  }, afterMs);
  const doc = await runBench(
    planBench(
      req(dir, {
        tests: ['dd-write', 'qd-profile', 'bonnie', 'iozone'],
        sizes: { file: 32 * 1024 * 1024, dd: 64 * 1024 * 1024, qdSeconds: 3 },
      }),
    ),
    saver(),
    {},
    { signal: ac.signal },
  );
  clearTimeout(timer);
  return { dir, cancelMs: abortedAt ? performance.now() - abortedAt : 0, finished: doc !== null };
}

describe('cancel', () => {
  it('20 cancels at random moments leave no files behind', async () => {
    const moments = Array.from(
      { length: 20 },
      (_, i) => Math.round(Math.random() * 2500) + (i % 4) * 10,
    );
    const outcomes = [];
    // Four at a time: the machine has two cores and other engineers' tests run too.
    for (let i = 0; i < moments.length; i += 4)
      outcomes.push(...(await Promise.all(moments.slice(i, i + 4).map(cancelAt))));
    for (const o of outcomes) expect(leftovers(o.dir)).toEqual([]);
    const cancelled = outcomes.filter((o) => !o.finished);
    expect(cancelled.length).toBe(20);
    const worst = Math.max(...cancelled.map((o) => o.cancelMs));
    console.log(`cancel latency: worst ${worst.toFixed(0)} ms over ${cancelled.length} cancels`);
    // The parent hard-kills after 600 ms; generous bound for a loaded machine, not a timing target.
    expect(worst).toBeLessThan(5000);
  });

  it('an engine process that dies mid-run fails the run clearly and leaves no files', async () => {
    const dir = tempDir('crash');
    dirs.push(dir);
    const spawner = () => {
      const child = forkSpawner()();
      setTimeout(() => child.kill(), 1200);
      return child;
    };
    const err = await runBench(
      planBench(
        req(dir, { tests: ['qd-profile'], sizes: { file: 32 * 1024 * 1024, qdSeconds: 2 } }),
      ),
      saver(),
      { spawner },
      { signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect((err as Error).message).toBe('the benchmark engine stopped unexpectedly (SIGKILL)');
    expect(leftovers(dir)).toEqual([]);
  });
});
