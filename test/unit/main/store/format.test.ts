// CLI tables: a person's words, MB/s instead of 7-digit KiB/s, nothing wider than 100 columns.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDrive } from '../../../../src/main/drives/format';
import { CLI_WIDTH, formatRunTable } from '../../../../src/main/cli/format';
import { formatComparison, formatRun, formatRunList } from '../../../../src/main/store/format';
import { detect } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import { findJargon } from '../../../../src/shared/jargon';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { referenceRuns } from '../../../../src/shared/reference';
import { seedPair } from '../../renderer/report/fixtures';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const imp = (f: string) =>
  importedRun(detect(readFileSync(join(FIX, f), 'utf8')), {
    id: 'imp',
    createdAt: '2026-11-30T00:00:00Z',
    appVersion: 't',
  });

function checkWidth(text: string) {
  for (const l of text.split('\n')) expect(l.length, l).toBeLessThanOrEqual(CLI_WIDTH);
}

describe('CLI text', () => {
  const { before, after } = seedPair();
  const runs = [before, after, ...referenceRuns(), imp('seed002-iozone-x25m-own.txt')];
  runs.push(imp('fio-3.33-randrw.txt'), imp('kdiskmark-1.6.0-readme.txt'));

  it('bench and show tables: ≤ 100 columns, human labels, throughput in MB/s', () => {
    for (const r of runs) {
      for (const text of [formatRunTable(r), formatRun(r)]) {
        checkWidth(text);
        expect(text).not.toMatch(/KiB\/s|MiB\/s/);
        expect(text).not.toMatch(/\d{1,3},\d{3},\d{3}/); // no 7-digit figures
      }
      expect(findJargon(formatRunTable(r)), r.id).toBeNull();
    }
    const t = formatRunTable(before);
    expect(t).toMatch(/^Sequential read speed \(hdparm -t\)\s+76\.\d\s+.*MB\/s$/m);
    expect(t).toMatch(/^Random reads per second \(bonnie\+\+ seeks\)\s+[\d.,]+\s/m);
    const io = formatRunTable(runs.at(-3)!);
    // iozone's 1,389,000-style KiB/s became MB/s with four significant digits at most.
    expect(io).toMatch(/^Read speed, 4 KiB blocks \(iozone -I 4K\)\s+[\d.,]+\s.*MB\/s$/m);
  });

  it('compare: one row per figure in words, A and B in MB/s, fits 100 columns', () => {
    const text = formatComparison(compareRuns(before, after));
    checkWidth(text);
    expect(text).toMatch(
      /^Sequential read speed \(hdparm -t\)\s+76\.\d MB\/s\s+[\d.]+ MB\/s\s+[\d.]+× faster$/m,
    );
    expect(text).not.toMatch(/KiB\/s|MiB\/s|buffered_read/);
    expect(text).toMatch(/^Memory read speed \(hdparm -T\).*not compared \(memory speed\)$/m);
  });

  it('run list and drive listing stay within 100 columns', () => {
    checkWidth(
      formatRunList(
        runs.map((r) => ({
          id: r.id,
          label: r.label,
          createdAt: r.createdAt,
          tests: r.tests.length,
          name: `${r.name ?? ''} ${'x'.repeat(120)}`,
          drive: null,
        })) as never,
      ),
    );
    const d = before.drive!;
    checkWidth(formatDrive({ ...d, kindEvidence: Array(12).fill('rotational=1 from /sys/block') }));
  });
});
