// Human labels: every figure Drivewise, the importers and the reference data produce gets words a
// person reads, with the classic tool as a tag, and no identifier leaks through.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect } from '../../../src/shared/import/detect';
import { importedRun } from '../../../src/shared/import/to-run';
import {
  figureLabel,
  importedFigureLabel,
  labelText,
  plainMethod,
  testLabel,
} from '../../../src/shared/labels';
import { findJargon } from '../../../src/shared/jargon';
import { referenceRuns } from '../../../src/shared/reference';

const FIX = join(__dirname, '../../fixtures/tool-output');

describe('figureLabel', () => {
  it('names the figures people ask about in their words, the tool as a tag', () => {
    expect(figureLabel('seeker', { metric: 'random_access_ms' })).toEqual({
      label: 'Random access time',
      tag: 'seeker',
    });
    expect(figureLabel('buffered-read', { metric: 'buffered_read' })).toEqual({
      label: 'Sequential read speed',
      tag: 'hdparm -t',
    });
    expect(figureLabel('bonnie', { metric: 'random_seeks' })).toEqual({
      label: 'Random reads per second',
      tag: 'bonnie++ seeks',
    });
    expect(figureLabel('iozone', { metric: 'random_read', params: { record_kb: 4 } })).toEqual({
      label: 'Random read speed, 4 KiB blocks',
      tag: 'iozone -I 4K',
    });
  });

  it('queue-depth rows read as requests, with the CrystalDiskMark-style variant as the tag', () => {
    const p = { pattern: 'rnd', bs_kb: 4, qd: 1 };
    expect(figureLabel('qd-profile', { metric: 'read_iops', params: p })).toEqual({
      label: 'Random 4 KiB reads per second, one at a time',
      tag: 'fio RND4K Q1',
    });
    expect(
      figureLabel(
        'qd-profile',
        { metric: 'write_bw', params: { pattern: 'seq', bs_kb: 1024, qd: 8 } },
        'crystaldiskmark',
      ),
    ).toEqual({
      label: 'Sequential write speed, 1 MiB blocks, 8 at a time',
      tag: 'CrystalDiskMark SEQ1M Q8',
    });
    expect(
      figureLabel('qd-profile', {
        metric: 'read_iops',
        params: { pattern: 'rnd', bs_kb: 4, qd: 32, threads: 16 },
      }).tag,
    ).toBe('fio RND4K Q32T16');
  });

  it('tasks say which task, stopwatch timings keep their own title', () => {
    expect(labelText(figureLabel('task.du', { metric: 'wall_time' }))).toBe('Search the disk (du)');
    expect(testLabel('task.stopwatch', 'Boot, GRUB to login')).toEqual({
      label: 'Boot, GRUB to login',
      tag: 'stopwatch',
    });
    // Its two timed rows: the probe during the copy, and the same probe with the disk idle.
    expect(figureLabel('task.backup-load', { metric: 'wall_time' }).label).toBe(
      'Working while a backup runs',
    );
    expect(
      figureLabel('task.backup-load', { metric: 'wall_time', params: { phase: 'idle' } }).label,
    ).toBe('Working while a backup runs, small reads with the disk idle');
    expect(figureLabel('task.backup-load', { metric: 'read_p99_ms' }).label).toBe(
      'Working while a backup runs: Small read delay, worst 1 in 100',
    );
  });

  it('no figure of any fixture, import or reference drive is labelled with an identifier', () => {
    const runs = [
      ...referenceRuns(),
      ...readdirSync(FIX)
        .filter((f) => f.endsWith('.txt') || f.endsWith('.json'))
        .map((f) => detect(readFileSync(join(FIX, f), 'utf8')))
        .filter((d) => d.tool)
        .map((d) => importedRun(d, { id: 'x', createdAt: 'now', appVersion: 't' })),
    ];
    let n = 0;
    for (const r of runs)
      for (const t of r.tests) {
        expect(findJargon(labelText(testLabel(t.testId, t.title))), t.testId).toBeNull();
        for (const m of t.measurements) {
          const text = labelText(figureLabel(t.testId, m, t.tool));
          expect(findJargon(text), `${t.testId} ${m.metric} → ${text}`).toBeNull();
          n++;
        }
      }
    expect(n).toBeGreaterThan(200);
  });
});

describe('jargon', () => {
  it('finds identifiers, engine internals, research notes and run ids', () => {
    expect(findJargon('buffered_read 5× faster')).toBe('buffered_read');
    expect(findJargon('qd seconds 5')).toBe('qd seconds');
    expect(findJargon('bonnie files 16 ×1024 files')).toBe('×1024 files');
    expect(findJargon('async: io_uring (libuv)')).toBe('io_uring');
    expect(findJargon('as in our seed write-ups')).toBe('seed write-ups');
    expect(findJargon('run 2026-11-30T07-24-09-123Z-ab12cd')).toBe(
      '2026-11-30T07-24-09-123Z-ab12cd',
    );
    expect(findJargon('Random access time (seeker): 12 ms → 0.2 ms')).toBeNull();
  });

  it('method lines lose libuv/io_uring but keep what the method is', () => {
    const m =
      'fio-style --direct=1 --time_based --runtime=1 per phase on a 1.0 GiB test file; QD1 synchronous pread/pwrite (psync), deeper queues asynchronous through libuv (io_uring where the kernel allows it)';
    const plain = plainMethod(m);
    expect(plain).not.toMatch(/io_uring|libuv/);
    expect(findJargon(plain)).toBeNull(); // fio's own --time_based is not jargon
    expect(plain).toContain('QD1 synchronous pread/pwrite (psync), deeper queues asynchronous');
  });
});

describe('imported figures', () => {
  it('a CrystalDiskMark row name gives the variant the public result has no params for', () => {
    expect(
      importedFigureLabel('qd-profile', {
        metric: 'read_bw',
        tool: 'kdiskmark',
        label: 'SEQ1M Q8T1',
      }),
    ).toBe('Sequential read speed, 1 MiB blocks, 8 at a time (SEQ1M Q8T1)');
    expect(
      importedFigureLabel('qd-profile', {
        metric: 'write_iops',
        tool: 'crystaldiskmark',
        label: 'RND4K Q32T16',
      }),
    ).toBe('Random 4 KiB writes per second, 32 × 16 threads at a time (RND4K Q32T16)');
    expect(importedFigureLabel('seeker', { metric: 'random_access_ms', tool: 'seeker' })).toBe(
      'Random access time (seeker)',
    );
  });
});
