// Issue 35, "Same drive": the quick profile twice in one folder of this machine's own disk, as
// root, while another program reads and writes another file of that disk (fio, random 64 KiB,
// O_DIRECT) the whole time. The drive is named the same by its serial, and the verdict and the
// comparison read "The same drive measured twice", never a gain, a loss or time saved. Two real
// runs take 3-5 minutes, so this runs only with DW_SAME_DRIVE=1; the pair it measured is kept in
// test/fixtures/runs/same-drive, where test/e2e/same-drive.test.ts renders it on all five surfaces.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatComparison } from '../../../src/main/store/format';
import { formatVerdict } from '../../../src/main/verdict/text';
import { compareRuns } from '../../../src/shared/reference/compare';
import { computeVerdict, SAME_DRIVE } from '../../../src/shared/verdict';
import { otherProgram, stopPrograms } from '../other-program';
import { load, quickIn } from './quick-run';

const on = process.env['DW_SAME_DRIVE'] === '1' && process.getuid?.() === 0;
// /var/tmp is on the root filesystem here (/tmp may be a tmpfs elsewhere).
const home = on ? mkdtempSync('/var/tmp/dw-h35-same-') : '';
afterAll(() => void (home && rmSync(home, { recursive: true, force: true })));

// DW_SAME_DRIVE_LOAD=none: the same pair without the other program (a quieter A/A to compare).
const withLoad = process.env['DW_SAME_DRIVE_LOAD'] !== 'none';

const BANNED =
  /faster|slower|worth it|what you feel|time saved|saves? about|saved (each|per|a day)/i;

describe.skipIf(!on)('A/A on this machine’s own disk under load', () => {
  it('names the same drive on the verdict and the comparison, with no gain or time saved', async () => {
    const target = join(home, 'bench');
    const config = join(home, 'config');
    mkdirSync(target);
    mkdirSync(config);
    const fio = withLoad ? otherProgram(join(home, 'other-program.bin'), '512M', 1200) : null;
    try {
      console.log(`load before: ${load()}`);
      const name = withLoad ? 'own disk under load' : 'own disk';
      const a = await quickIn(`${name} #1`, target, config);
      const b = await quickIn(`${name} #2`, target, config);
      const v = computeVerdict(a.doc, b.doc);
      const c = compareRuns(a.doc, b.doc);
      console.log(`${formatVerdict(v)}\n${formatComparison(c)}`);
      expect(v.identity.same).toBe('same');
      expect(v.recommendation.headline.startsWith(SAME_DRIVE)).toBe(true);
      expect(c.headline).toBe(v.recommendation.headline);
      expect(formatVerdict(v)).not.toMatch(BANNED);
      expect(formatComparison(c)).not.toMatch(BANNED);
      expect(v.totals.savedPerDaySeconds).toBe(0);
    } finally {
      await stopPrograms([fio]);
    }
  }, 900_000);
});
