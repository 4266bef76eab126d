// Killing a process in the middle of saving leaves the previous run file intact: a child saves
// ever-changing run documents in a loop and is SIGKILLed at random moments.
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../../../src/main/store/run-store';
import { tempDirs } from '../../../integration/engine/helpers';

const CHILD = `
import { readFileSync } from 'node:fs';
import { RunStore } from './run-store';
import { detect } from '../../shared/import/detect';
import { importedRun } from '../../shared/import/to-run';
const [configDir, fixture] = process.argv.slice(2);
const base = importedRun(detect(readFileSync(fixture, 'utf8')), { id: 'victim', createdAt: 'x', appVersion: 'test' });
// Make the file big enough (~300 kB) that a kill often lands mid-write.
const tests = Array.from({ length: 12 }, () => base.tests).flat();
const store = new RunStore(configDir);
(async () => {
  for (let i = 0; ; i++) {
    await store.save({ ...base, name: 'generation ' + i, tests });
    if (i === 0) process.send?.('first');
  }
})();
`;

const tempDir = tempDirs();

function buildChild(): string {
  const out = join(tempDir('kill-build'), 'child.cjs');
  buildSync({
    stdin: { contents: CHILD, resolveDir: resolve('src/main/store'), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: out,
    logLevel: 'silent',
  });
  return out;
}

describe('atomic save under SIGKILL', () => {
  it('after each kill the run file loads and is a complete earlier generation', async () => {
    const child = buildChild();
    const configDir = tempDir('kill');
    const store = new RunStore(configDir);
    const generations: number[] = [];
    for (let round = 0; round < 4; round++) {
      const p = fork(
        child,
        [
          configDir,
          resolve(
            'test/fixtures/tool-output/iozone-seed.txt'.replace(
              'iozone-seed',
              'seed002-iozone-x25m-own',
            ),
          ),
        ],
        {
          stdio: 'ignore',
        },
      );
      await new Promise<void>((res, rej) => {
        p.once('message', () => res());
        p.once('exit', (code) => rej(new Error(`child exited early (${code})`)));
      });
      // Let it rewrite the file a few times, then kill it at an arbitrary point.
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 200));
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await exited;
      const doc = await store.load('victim');
      expect(doc.tests).toHaveLength(12);
      generations.push(Number(/generation (\d+)/.exec(doc.name ?? '')![1]));
    }
    // The file kept moving forward, so kills did land while it was being rewritten.
    expect(generations.every((g) => g >= 0)).toBe(true);
    expect((await store.scan()).problems).toEqual([]);
    // Only the run file (plus possibly the killed write's temp file) is there.
    expect(readdirSync(store.runsDir).filter((n) => !n.endsWith('.tmp'))).toEqual(['victim.json']);
  });
});
