// One figure, one text: 116 MiB/s buffered reads print as "122 MB/s" on the verdict screen, in
// History → Compare and its run details, in the PDF's key figures and appendix, and in the CLI's
// run table and verdict: every surface through shared/format's one unit rule.
import { describe, expect, it } from 'vitest';
import { formatRunTable } from '../../../../src/main/cli/format';
import { formatVerdict } from '../../../../src/main/verdict/text';
import { fmtFigure, fmtSpread, shownUnit } from '../../../../src/shared/format';
import { compareRuns } from '../../../../src/shared/reference/compare';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../src/shared/verdict';
import { compareRows } from '../../../../src/renderer/history/compare-rows';
import { testTables } from '../../../../src/renderer/report/report-model';
import { keyFigureCells } from '../../../../src/renderer/report/story-model';
import { forDisplay } from '../../../../src/renderer/verdict/verdict-format';
import { seedPair } from '../../renderer/report/fixtures';

/** The seeds' pair with buffered reads pinned: 116 MiB/s before (three samples), 480 after. */
function pair(): { before: RunDocument; after: RunDocument } {
  const { before, after } = seedPair();
  const pin = (r: RunDocument, samples: number[]) => {
    const m = r.tests.find((t) => t.testId === 'buffered-read')!.measurements[0]!;
    expect(m.unit).toBe('MiB/s');
    Object.assign(m, { samples, median: samples[1], min: samples[0], max: samples[2] });
  };
  pin(before, [114, 116, 118]);
  pin(after, [470, 480, 490]);
  return { before, after };
}

const SHOWN = '122 MB/s'; // 116 × 2^20 / 10^6 = 121.6

describe('one figure formats the same on the screen, in the PDF and in the CLI', () => {
  it('the rule itself: throughputs in MB/s whatever the tool printed, other units as measured', () => {
    expect(fmtFigure(116, 'MiB/s')).toBe(SHOWN);
    expect(fmtFigure(118_784, 'KiB/s')).toBe(SHOWN);
    expect(fmtFigure(121.6, 'MB/s')).toBe(SHOWN);
    expect(fmtFigure(5.82, 'ms')).toBe('5.82 ms');
    expect(fmtFigure(null, 'MiB/s')).toBe('—');
    expect(shownUnit('KiB/s').unit).toBe('MB/s');
  });

  it('every surface prints 116 MiB/s as 122 MB/s', () => {
    const { before, after } = pair();
    const v = computeVerdict(before, after);
    const c = v.comparisons.find((x) => x.testId === 'buffered-read')!;

    // Verdict screen: its metrics table shows forDisplay's spread and unit columns.
    const screen = forDisplay(c);
    expect(`${fmtSpread(screen.before).split(' ')[0]} ${screen.unit}`).toBe(SHOWN);

    // History → Compare (the rows CompareTable prints).
    const rows = compareRows(compareRuns(before, after));
    const compared = rows.find((r) => r.key === c.key)!;
    expect(compared.a).toBe(SHOWN);
    expect(rows.flatMap((r) => [r.a, r.b]).join()).not.toMatch(/MiB\/s|KiB\/s/);

    // PDF: the key figures' cells and the appendix row.
    expect(keyFigureCells(c).before).toBe('122 (120–124) MB/s');
    const row = testTables(before, after, v)
      .flatMap((t) => t.rows)
      .find((r) => r.key === c.key)!;
    expect(`${fmtSpread(row.before).split(' ')[0]} ${row.unit}`).toBe(SHOWN);
    expect(testTables(before, after, v).flatMap((t) => t.rows.map((r) => r.unit))).not.toContain(
      'KiB/s',
    );

    // CLI: the run table and the verdict's figure lines.
    const table = formatRunTable(before)
      .split('\n')
      .find((l) => l.includes('hdparm -t'))!;
    expect(table).toMatch(/\s122\s+120–124\s+MB\/s$/);
    const verdict = formatVerdict(v);
    expect(verdict).not.toMatch(/MiB\/s|KiB\/s/);
  });
});
