// Issue 25, class 4: figures that are not finite or beyond physical sense are refused at the
// schema with a one-line error (run files and pasted tool output alike), so no page, PDF or
// terminal ever has to format a near-max double.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunText } from '../../../../src/main/store/run-store';
import { detect } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import { figureProblem, runDocument, type RunDocument } from '../../../../src/shared/schemas/run';

const text = readFileSync(
  join(__dirname, '../../../fixtures/tool-output/seed001-hdparm-ssd.txt'),
  'utf8',
);
const meta = { id: '2026-01-01T00-00-00-000Z-abcdef', createdAt: '2026-01-01', appVersion: 't' };
const run = (): RunDocument => importedRun(detect(text), meta);

/** The run file's text with the first buffered-read sample (26.02 MB/s) replaced by `raw`. */
const withSample = (raw: string): string =>
  JSON.stringify(run(), null, 2).replace(/\b26\.02\b/, raw);

describe('figures within physical sense', () => {
  it('accepts real figures up to 10^12 per second and 10^15 otherwise', () => {
    expect(figureProblem(9.9e11, 'MB/s')).toBeNull();
    expect(figureProblem(1e12, 'IOPS')).toBeNull();
    expect(figureProblem(1e14, 's')).toBeNull();
    expect(runDocument.safeParse(run()).success).toBe(true);
  });

  it('refuses per-second figures over 10^12, others over 10^15, and non-finite ones', () => {
    expect(figureProblem(2e12, 'MB/s')).toBe(
      '2.00e+12 MB/s is beyond physical sense (more than 10^12 per second)',
    );
    expect(figureProblem(1.5e12, 'seeks/s')).toMatch(/per second/);
    expect(figureProblem(1.7976931348623157e308, 'µs')).toMatch(/more than 10\^15 for any figure/);
    expect(figureProblem(Infinity, 's')).toBe('Infinity is not a finite number');
  });

  it('a run file with such a figure is refused in one line naming where', () => {
    for (const [raw, why] of [
      ['2e12', '2.00e+12 MiB/s is beyond physical sense'],
      ['1.7976931348623157e308', 'beyond physical sense'],
      ['1e999', 'received Infinity'],
    ] as const) {
      const r = parseRunText(withSample(raw));
      expect(r.ok).toBe(false);
      const line = r.ok ? '' : r.why;
      expect(line).toMatch(/^is damaged \(tests\.\d+\.measurements\.0\.samples\.0: /);
      expect(line).toContain(why);
      expect(line).not.toContain('\n');
    }
    const doc = run();
    doc.tests[0]!.wallSeconds = [1e300];
    expect(runDocument.safeParse(doc).error?.issues[0]?.message).toMatch(/more than 10\^15 s/);
  });

  it('pasted tool output with such a figure imports nothing and says so in one line', () => {
    const forged = text.replace('26.02 MB/sec', `${'9'.repeat(20)}.00 MB/sec`);
    expect(() => importedRun(detect(forged), meta)).toThrow(
      /^nothing imported: hdparm buffered_read: 1\.00e\+20 MiB\/s is beyond physical sense \(more than 10\^12 per second\)$/,
    );
  });
});
