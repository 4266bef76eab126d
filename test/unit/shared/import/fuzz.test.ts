// No input may make a parser throw: mutated seed outputs and random text, >= 10,000 per parser.
// The corpus is every fixture, CrystalDiskMark/KDiskMark exports included.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect, PARSERS } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import { runDocument } from '../../../../src/shared/schemas/run';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const corpus = readdirSync(FIX).map((f) => readFileSync(join(FIX, f), 'utf8'));

/** Small deterministic PRNG so a failure can be replayed from the printed seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET =
  ' \n\t0123456789.,:=+-/%()[]{}"kKmMgGBsu↪ \u0000abcdefTimingreadsMBsecseeksbytescopied';
const TOKENS = [
  '+++++',
  '%CP',
  'K/sec',
  '/sec',
  'KB',
  'reclen',
  'Timing',
  'MB/sec',
  'Results:',
  'IOPS=',
  'clat',
  '{',
  '}',
  '"jobs":',
  '1.98,2.00a,',
  '\n',
  '  ',
  'NaN',
  '1e309',
  '-1',
  // CrystalDiskMark / KDiskMark rows and sections.
  '(Q= 32,T= 1) :',
  '(Q=  8, T= 1):',
  ' MB/s [',
  ' IOPS]',
  ' us>',
  '[Read]\n',
  '[Write]\n',
  'KDiskMark (3.0.0):',
  'CrystalDiskMark 8.0.4',
];

function mutate(text: string, r: () => number): string {
  let t = text;
  const n = 1 + Math.floor(r() * 6);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(r() * (t.length + 1));
    const op = Math.floor(r() * 6);
    const len = Math.floor(r() * 12);
    if (op === 0) t = t.slice(0, at) + t.slice(at + len);
    else if (op === 1)
      t = t.slice(0, at) + ALPHABET[Math.floor(r() * ALPHABET.length)] + t.slice(at);
    else if (op === 2) t = t.slice(0, at) + TOKENS[Math.floor(r() * TOKENS.length)] + t.slice(at);
    else if (op === 3)
      t = t.slice(0, at) + t.slice(at, at + len).repeat(1 + Math.floor(r() * 4)) + t.slice(at);
    else if (op === 4)
      t = t.replace(/\d/g, (d) => (r() < 0.1 ? String.fromCharCode(33 + Math.floor(r() * 90)) : d));
    else t = t.slice(0, at);
  }
  return t;
}

function randomText(r: () => number): string {
  const len = Math.floor(r() * 300);
  let s = '';
  for (let i = 0; i < len; i++)
    s +=
      r() < 0.3
        ? TOKENS[Math.floor(r() * TOKENS.length)]
        : ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

describe('parser fuzz', () => {
  it('10,400 mutated and random inputs through every parser and the detector: nothing escapes', () => {
    const seed = 20261129;
    const r = rng(seed);
    let count = 0;
    const started = Date.now();
    const recognised: Record<string, number> = {};
    for (let i = 0; i < 10_400; i++) {
      const input =
        i % 4 === 3 ? randomText(r) : mutate(corpus[Math.floor(r() * corpus.length)]!, r);
      for (const [tool, parse] of Object.entries(PARSERS)) {
        let out;
        try {
          out = parse(input);
        } catch (err) {
          throw new Error(`${tool} threw on input #${i} (seed ${seed}): ${String(err)}`);
        }
        if (out.length) recognised[tool] = (recognised[tool] ?? 0) + 1;
        for (const x of out) {
          expect(typeof x.metric).toBe('string');
          if (x.value !== null) expect(Number.isFinite(x.value)).toBe(true);
        }
      }
      const d = detect(input);
      // Whatever is recognised must still make a valid run document.
      if (d.tool && i % 20 === 0)
        runDocument.parse(importedRun(d, { id: 'fuzz', createdAt: 'now', appVersion: 'test' }));
      count++;
    }
    expect(count).toBeGreaterThanOrEqual(10_000);
    // The mutated corpus really exercises the CrystalDiskMark/KDiskMark rows, not just their absence.
    expect(recognised.crystaldiskmark ?? 0).toBeGreaterThan(200);
    expect(recognised.kdiskmark ?? 0).toBeGreaterThan(200);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('pathological 1 MB inputs (digit runs, one endless line, repeated headings) finish', () => {
    const inputs = [
      '1'.repeat(1 << 20),
      '/dev/' + 'a'.repeat(1 << 20),
      'x'.repeat(1 << 20),
      'KB reclen write '.repeat(1 << 16) + '1',
      '-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks-- '.repeat(1 << 14),
      ' Timing cached reads: 1 MB in 1 seconds = '.repeat(1 << 14),
      '[Read]\n' + 'SEQ    1MiB (Q=  8, T= 1):   1 MB/s [ 1 IOPS] < 1 us>\n'.repeat(1 << 14),
      '[Read]\nSEQ ' + ' '.repeat(1 << 20) + '1MiB (Q= 8, T= 1): 1 MB/s [ 1 IOPS]',
      'Random Read 4KiB (Q=' + ' '.repeat(1 << 20) + '1,T= 1) : 1 MB/s',
      'CrystalDiskMark 8 KDiskMark (1): '.repeat(1 << 14),
      '{"jobs": [' + '{"read": {"io_bytes": 1, "iops": 1}},'.repeat(1 << 14) + '{}]}',
    ];
    for (const input of inputs)
      for (const parse of Object.values(PARSERS)) expect(() => parse(input)).not.toThrow();
  });
});
