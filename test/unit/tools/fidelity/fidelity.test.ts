import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBonnieFiles,
  parseDd,
  parseFioJson,
  parseHdparm,
} from '../../../../tools/fidelity/anchors';
import {
  formatReport,
  parseArgs,
  abbaOrder,
  judge,
  meanOfRuns,
  pairedRatios,
  ratioOf,
} from '../../../../tools/fidelity/run-fidelity';

const fx = (name: string) =>
  readFileSync(join(__dirname, '../../../fixtures/engine', name), 'utf8');

describe('anchor output parsers (captured on this machine and from the seeds)', () => {
  it('fio JSON: iops, bw (KiB/s) and mean clat of the read side', () => {
    const f = parseFioJson(fx('fio-randread-q32.json'), 'read');
    expect(f.iops).toBeCloseTo(17357.285429, 4);
    expect(f.bw).toBeGreaterThan(60000);
    expect(f.bw / f.iops).toBeCloseTo(4, 0); // 4 KiB blocks
    expect(f.clatMeanUs).toBeGreaterThan(0);
    expect(() =>
      parseFioJson('fio: some warning\n' + fx('fio-randread-q32.json'), 'write'),
    ).not.toThrow();
    expect(() => parseFioJson('no json here', 'read')).toThrow(/no JSON/);
  });

  it('hdparm -t / -T lines, including the seeds’ spacing', () => {
    const text = fx('hdparm-t-loop.txt');
    expect(parseHdparm(text, 'buffered')).toBe(73.42);
    expect(parseHdparm(text, 'cached')).toBe(5020.58);
    expect(
      parseHdparm(
        ' Timing buffered disk reads: 322 MB in  3.01 seconds = 107.12 MB/sec',
        'buffered',
      ),
    ).toBe(107.12);
    expect(
      parseHdparm('Timing cached reads: 6748 MB in 1.99 seconds = 3.30 GB/sec', 'cached'),
    ).toBeCloseTo(3379.2, 1);
    expect(() => parseHdparm('garbage', 'buffered')).toThrow(/no hdparm buffered figure/);
  });

  it('dd summary lines (GNU coreutils 8.x and seed 004’s older format)', () => {
    const d = parseDd(fx('dd-8k-fsync.txt'));
    expect(d.bytes).toBe(33554432);
    expect(d.seconds).toBe(0.117415);
    expect(parseDd('2048000000 bytes (2.0 GB) copied, 32.5028 s, 63.0 MB/s').mbPerSec).toBeCloseTo(
      63.01,
      2,
    );
  });

  it('bonnie++ CSV: file phases, +++++ as null', () => {
    expect(parseBonnieFiles(fx('bonnie-n1.csv'))).toEqual({
      seq_create: null,
      seq_stat: null,
      seq_delete: null,
      random_create: null,
      random_stat: null,
      random_delete: null,
    });
    const slow =
      '1.98,2.00a,vm,1,1795950891,,,,,,,,,,,,,,,,,4,,,,,557,23,+++++,+++,+++++,+++,510,27,+++++,+++,+++++,+++,,,,,,,52474us,24127us,16639us,36450us,16121us,16412us';
    expect(parseBonnieFiles(slow)).toMatchObject({
      seq_create: 557,
      seq_delete: null,
      random_create: 510,
    });
    expect(() => parseBonnieFiles('Version 2.00a ...')).toThrow(/no bonnie\+\+ CSV/);
  });
});

describe('fidelity report', () => {
  it('ratio needs both medians', () => {
    expect(ratioOf(97, 100)).toBeCloseTo(0.97, 9);
    expect(ratioOf(null, 100)).toBeNull();
    expect(ratioOf(1, 0)).toBeNull();
  });
  it('pairs samples by round; a drifting machine does not bias the ratio', () => {
    // The disk doubles its speed after round 2; engine is 0.98× the anchor in every round.
    const anchor = [100, 100, 200, 200, 200];
    const engine = anchor.map((a) => a * 0.98);
    engine[0] = null as unknown as number; // a round the engine could not give a figure
    expect(pairedRatios(engine, anchor)).toEqual(
      [0.98, 0.98, 0.98, 0.98].map((x) => expect.closeTo(x, 9)),
    );
    expect(pairedRatios([1, 2], [0, null])).toEqual([]);
  });
  it('runs each side once first and once second per round, switching every round', () => {
    expect(abbaOrder(0)).toEqual(['engine', 'anchor', 'anchor', 'engine']);
    expect(abbaOrder(1)).toEqual(['anchor', 'engine', 'engine', 'anchor']);
    // Over two rounds each side holds every position equally often.
    const pos = (who: string) =>
      [0, 1].flatMap((r) => abbaOrder(r).flatMap((w, i) => (w === who ? [i] : [])));
    expect(pos('engine').sort()).toEqual(pos('anchor').sort());
  });
  it('averages a side’s runs in a round per figure; a missing figure stays missing', () => {
    expect(
      meanOfRuns([
        [100, 8],
        [300, null],
      ]),
    ).toEqual([200, null]);
    expect(meanOfRuns([[5]])).toEqual([5]);
    expect(meanOfRuns([])).toEqual([]);
  });
  it('parses options and refuses unknown ones', () => {
    expect(parseArgs(['--quick']).rounds).toBe(1);
    expect(parseArgs(['--size', '2G', '--rounds', '5']).sizeBytes).toBe(2 * 1024 ** 3);
    expect(() => parseArgs(['--bogus'])).toThrow(/unknown option/);
  });
  it('a two-sided target narrower than the anchor against itself is undecided, not passed', () => {
    const band = { target: 0.95, max: 1.05 };
    // fio SEQ 1M from ordinary memory here: 0.71–1.12 of itself within a round.
    const wide = judge(band, 1.0, [0.71, 1.12]);
    expect(wide.pass).toBeNull();
    expect(wide.undecided).toBe(true);
    expect(wide.note).toMatch(
      /^cannot be decided here: the anchor against itself ranged 0\.71–1\.12/,
    );
    expect(judge(band, 1.0, [0.97, 1.03])).toEqual({ pass: true });
    expect(judge(band, 1.2, [0.97, 1.03])).toEqual({ pass: false });
    // One-sided targets (≥ 0.95) are decided whatever the anchor's spread.
    expect(judge({ target: 0.95 }, 0.9, [0.7, 1.3])).toEqual({ pass: false });
    expect(judge({ target: 0.95 }, 1.0, null)).toEqual({ pass: true });
  });
  it('marks misses and prints how it ran', () => {
    const text = formatReport(
      [
        {
          id: 'a',
          label: 'RND 4K Q1 read',
          unit: 'IOPS',
          anchor: 'fio',
          engineSamples: [90],
          anchorSamples: [100],
          engineMedian: 90,
          anchorMedian: 100,
          ratio: 0.9,
          ratioOfMedians: 0.9,
          ratioRange: [0.9, 0.9],
          anchorSelf: null,
          target: 0.95,
          pass: false,
        },
        {
          id: 'b',
          label: 'SEQ 1M Q8 read',
          unit: 'KiB/s',
          anchor: 'fio',
          engineSamples: [99],
          anchorSamples: [100],
          engineMedian: 99,
          anchorMedian: 100,
          ratio: 0.99,
          ratioOfMedians: 0.99,
          ratioRange: [0.99, 0.99],
          anchorSelf: [0.98, 1.03],
          target: 0.97,
          pass: true,
        },
      ],
      { rounds: 3 },
    );
    expect(text).toMatch(/RND 4K Q1 read.*0\.900\s+\(0\.90–0\.90\)\s+0\.900\s+≥ 0\.95\s+MISS/);
    expect(text).toMatch(/SEQ 1M Q8 read.*0\.990\s+0\.98–1\.03\s+≥ 0\.97/);
    expect(text).toMatch(/SEQ 1M Q8 read.*0\.990.*≥ 0\.97\s+ok/);
    expect(text).toMatch(/how it ran:\n {2}rounds: 3/);
  });
});
