// CrystalDiskMark 5/6/7/8 and KDiskMark 1.6/3.0/3.2 text exports, as published (sources in
// test/fixtures/tool-output/DISKMARK-SOURCES.md), and their pairing with a Drivewise run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  phaseMeasurements,
  QD_PHASES,
} from '../../../../src/main/engine/worker/benchmarks/qd-profile';
import { detect, importJson } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const load = (name: string) => readFileSync(join(FIX, name), 'utf8');
const meta = { id: 'imp', createdAt: '2026-11-30T00:00:00Z', appVersion: 'test' };

/** "label metric=value unit" lines: short to read, exact to compare. */
const rows = (text: string) =>
  importJson(detect(text)).results.map(
    (r) => `${r.tool} ${r.label} ${r.metric}=${String(r.value)} ${r.unit}`,
  );

describe('CrystalDiskMark / KDiskMark import', () => {
  it('CDM 8.0.4: [Read]/[Write] sections, MB/s + IOPS + µs per row', () => {
    const r = rows(load('cdm-8.0.4-gw560.txt'));
    expect(r).toHaveLength(24);
    expect(r.slice(0, 3)).toEqual([
      'crystaldiskmark SEQ1M Q8T1 read_iops=366.3 IOPS',
      'crystaldiskmark SEQ1M Q8T1 read_bw=384.064 MB/s',
      'crystaldiskmark SEQ1M Q8T1 read_clat_mean_us=21765.43 µs',
    ]);
    expect(r).toContain('crystaldiskmark RND4K Q1T1 write_clat_mean_us=158.92 µs');
    expect(r).toContain('crystaldiskmark RND4K Q32T1 read_iops=5283.2 IOPS');
  });

  it('CDM 7.0.0 with CRLF and the T16 row kept apart with a threads parameter', () => {
    const d = detect(load('cdm-7.0.0-hdd-crlf.txt'));
    expect(d.tool).toBe('crystaldiskmark');
    const q32 = d.results.filter((x) => x.label === 'RND4K Q32T16');
    expect(q32.map((x) => x.params)).toEqual(
      Array(6).fill({ pattern: 'rnd', bs_kb: 4, qd: 32, threads: 16 }),
    );
    expect(q32.find((x) => x.metric === 'read_clat_mean_us')?.value).toBe(635043.04);
    const q1 = d.results.find((x) => x.label === 'RND4K Q1T1' && x.metric === 'read_iops');
    expect(q1?.params).toEqual({ pattern: 'rnd', bs_kb: 4, qd: 1 });
    expect(q1?.value).toBe(99.6);
  });

  it('CDM 6.x: old layout, Q32 sequential is 128 KiB, Q8T8 keeps threads=8, no latency column', () => {
    for (const f of ['cdm-6.0.0-tf-card.txt', 'cdm-6.0.2-linustechtips.txt']) {
      const d = detect(load(f));
      expect(d.results).toHaveLength(14);
      expect(d.results.some((x) => x.metric.endsWith('_us'))).toBe(false);
      const seq = d.results.filter((x) => x.params?.pattern === 'seq');
      expect(seq.map((x) => x.label)).toEqual(['SEQ128K Q32T1', 'SEQ128K Q32T1']);
      expect(seq.map((x) => x.unit)).toEqual(['MB/s', 'MB/s']);
      expect(d.results.filter((x) => x.params?.threads === 8)).toHaveLength(4);
    }
    expect(rows(load('cdm-6.0.2-linustechtips.txt'))).toContain(
      'crystaldiskmark RND4K Q1T1 write_iops=32856.4 IOPS',
    );
  });

  it('CDM 5.2.0: "Sequential Read (T= 1)" is SEQ 1 MiB Q1, and "(Q= 1,T= 1)" rows', () => {
    const r = rows(load('cdm-5.2.0-superuser.txt'));
    expect(r).toContain('crystaldiskmark SEQ1M Q1T1 read_bw=156.034 MB/s');
    expect(r).toContain('crystaldiskmark SEQ1M Q1T1 write_bw=96.884 MB/s');
    expect(r).toContain('crystaldiskmark RND4K Q1T1 read_iops=2534.2 IOPS');
    expect(r).toHaveLength(12);
  });

  it('KDiskMark 1.6, 3.0 and 3.2 exports are told apart from CrystalDiskMark by their header', () => {
    for (const f of [
      'kdiskmark-1.6.0-readme.txt',
      'kdiskmark-3.0.0-readme.txt',
      'kdiskmark-3.2.0-hdd.txt',
    ]) {
      const d = detect(load(f));
      expect(d.tools).toEqual(['kdiskmark']);
      expect(d.results).toHaveLength(24);
    }
    expect(rows(load('kdiskmark-1.6.0-readme.txt'))).toContain(
      'kdiskmark RND4K Q32T16 write_iops=41286.6 IOPS',
    );
    expect(rows(load('kdiskmark-3.2.0-hdd.txt'))).toContain(
      'kdiskmark RND4K Q32T1 read_clat_mean_us=391023.88 µs',
    );
  });

  it('a paste of a CDM and a KDiskMark export yields both tools in order', () => {
    const d = detect(`${load('cdm-8.0.4-gw560.txt')}\n\n${load('kdiskmark-3.0.0-readme.txt')}`);
    expect(d.tools).toEqual(['crystaldiskmark', 'kdiskmark']);
    expect(d.results).toHaveLength(48);
  });

  it('rows without a header, prose and broken rows: rows kept, nothing invented', () => {
    expect(detect('SEQ1M Q8T1 was 500 MB/s on my drive').results).toEqual([]);
    expect(detect('[Read]\nSEQ 1MiB (Q= 0, T= 1): 5 MB/s [ 5 IOPS]\n').results).toEqual([]);
    const bare = detect('[Write]\n  RND    4KiB (Q=  1, T= 1):    25.727 MB/s [   6281.0 IOPS]\n');
    expect(bare.tool).toBe('crystaldiskmark');
    expect(bare.results.map((x) => x.metric)).toEqual(['write_iops', 'write_bw']);
  });

  it('T1 rows pair with a Drivewise queue-depth run (MB/s vs KiB/s converted), T16 rows stay apart', () => {
    const imported = importedRun(detect(load('kdiskmark-1.6.0-readme.txt')), meta);
    expect(runDocument.safeParse(imported).success).toBe(true);
    const ours = drivewiseQdRun();
    const c = compareRuns(imported, ours);
    const sorted = (o: object) => JSON.stringify(Object.fromEntries(Object.entries(o).sort()));
    const keys = c.pairs.map((p) => `${p.testId} ${p.metric} ${sorted(p.params ?? {})}`);
    expect(keys).toContain('qd-profile read_bw {"bs_kb":1024,"pattern":"seq","qd":8}');
    expect(keys).toContain('qd-profile write_iops {"bs_kb":4,"pattern":"rnd","qd":1}');
    // SEQ1M Q8 read: 542.516 MB/s vs our 529,800 KiB/s = 542.5 MB/s, same figure in two units.
    const seqRead = c.pairs.find(
      (p) => p.metric === 'read_bw' && p.params?.pattern === 'seq' && p.params?.qd === 8,
    );
    expect(seqRead?.a.median).toBeCloseTo(542.516, 3);
    expect(seqRead?.b.median).toBeCloseTo((529_800 * 1024) / 1e6, 1);
    expect(seqRead?.outcome).toBe('no-difference');
    // 3 single-thread shapes x read/write x (IOPS, MB/s, latency) pair: 18 figures.
    expect(c.pairs).toHaveLength(18);
    expect(c.pairs.some((p) => p.params?.threads !== undefined)).toBe(false);
  });
});

/** A run shaped by the engine's own phaseMeasurements, so names and params are the engine's. */
function drivewiseQdRun(): RunDocument {
  const q = (bs: number, qd: number, kib: number) =>
    ({ ops: (kib * 1024) / bs, seconds: 1, latSumUs: 1000 * qd, latencies: null }) as never;
  const measurements = QD_PHASES.flatMap((p) =>
    phaseMeasurements(p, [q(p.bs, p.qd, p.pattern === 'seq' ? 529_800 : 40_000)]),
  );
  const base = importedRun(detect(load('kdiskmark-1.6.0-readme.txt')), { ...meta, id: 'ours' });
  return {
    ...base,
    label: 'after',
    source: { kind: 'measured' } as RunDocument['source'],
    tests: [{ ...base.tests[0]!, tool: 'fio', method: 'Drivewise', measurements }],
  };
}
