// Fault figures of issue 14: kill -9 of the CLI at random moments (>= 20, half of them without
// the native remover). Afterwards, and after the next run's sweep, not one file or folder may be
// left in the target, and no temp file in the store.
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrate, KILLS, killMany, storeTempsKilled } from './faults-kill';
import { sweepDirs } from './sweep-helpers';
import { recordAttack } from './tally';

const tmp = sweepDirs();
beforeAll(() => calibrate(tmp), 120_000);

describe('kill -9 of the CLI at random moments', () => {
  it(`${KILLS} kills: nothing left after the next run's sweep`, { timeout: 240_000 }, async () => {
    const r = await killMany(tmp, 'cli');
    const duringEngine = r.filter((x) => x.engineSeen).length;
    const left = r.reduce((n, x) => n + x.leftAfterSweep + x.storeTemps, 0);
    const swept = r.filter((x) => x.leftBeforeSweep > 0).length;
    const byPhase = [0, 1, 2].map((p) => {
      const of = r.filter((x) => x.phase === p);
      return `${of.filter((x) => x.leftBeforeSweep > 0).length}/${of.length}`;
    });
    console.log(
      `kill -9 CLI: ${r.length} kills (${duringEngine} with the engine running), ` +
        `${swept} left a folder that the next run's sweep removed (any moment ${byPhase[0]}, ` +
        `before the engine ${byPhase[1]}, test writing ${byPhase[2]}), ${storeTempsKilled} store ` +
        `temps the next run removed, ${left} leftovers after it`,
    );
    recordAttack(`kill -9 of the CLI at random moments (${r.length}x)`, {
      held: left === 0 && r.length >= KILLS,
      outsideTouched: left,
    });
    expect(r.length).toBeGreaterThanOrEqual(KILLS);
    expect(duringEngine).toBeGreaterThan(0);
    // While a test writes, the engine itself removes the folder of its dead parent in most kills;
    // one caught inside dd's final sync can die before its clean-up lands (seen 1 in 20), and then
    // the next run's sweep removes it: the count is printed above, the leftovers asserted below.
    expect(left).toBe(0);
  });
});
