// bench:fidelity's arithmetic and table: ABBA order, per-round ratios, medians, the report.
import { median } from '../../src/shared/stats';
import type { Check } from './check-types';

export interface FigureResult {
  id: string;
  label: string;
  unit: string;
  anchor: string;
  engineSamples: (number | null)[];
  anchorSamples: (number | null)[];
  engineMedian: number | null;
  anchorMedian: number | null;
  /** Median of the per-round ratios (engine and anchor ran back to back); the pass/fail figure. */
  ratio: number | null;
  /** Engine median ÷ anchor median, for comparison. */
  ratioOfMedians: number | null;
  /** Lowest and highest per-round ratio. */
  ratioRange: [number, number] | null;
  /**
   * The anchor against itself: lowest and highest ratio of its two runs in a round (null with
   * one run a round). A two-sided target narrower than this cannot be decided on this machine.
   */
  anchorSelf: [number, number] | null;
  target: number | null;
  max?: number;
  pass: boolean | null;
  /** A two-sided target narrower than the anchor against itself: neither pass nor miss. */
  undecided?: true;
  note?: string;
}

export function ratioOf(engine: number | null, anchor: number | null): number | null {
  return engine !== null && anchor !== null && anchor > 0 ? engine / anchor : null;
}

/**
 * ABBA within a round, BAAB in the next: each side runs once first and once second, which cancels
 * linear drift and the position effect seen here (the second run after a switch of workload was
 * up to 1.6× faster, whoever it was).
 */
export function abbaOrder(round: number): ('engine' | 'anchor')[] {
  return round % 2 === 0
    ? ['engine', 'anchor', 'anchor', 'engine']
    : ['anchor', 'engine', 'engine', 'anchor'];
}

/** Per-figure mean of a side's runs in one round; null when a run gave no figure. */
export function meanOfRuns(runs: (number | null)[][]): (number | null)[] {
  const n = Math.max(0, ...runs.map((r) => r.length));
  return Array.from({ length: n }, (_, i) => {
    const xs = runs.map((r) => r[i] ?? null);
    return xs.every((x): x is number => x !== null)
      ? xs.reduce((a, x) => a + x, 0) / xs.length
      : null;
  });
}

/**
 * Per-round ratios of samples taken back to back. This VM's disk speed drifts up to 2× between
 * rounds; a ratio within a round cancels that drift, where a ratio of medians mixes rounds.
 */
export function pairedRatios(engine: (number | null)[], anchor: (number | null)[]): number[] {
  return engine
    .map((e, i) => ratioOf(e, anchor[i] ?? null))
    .filter((x): x is number => x !== null && Number.isFinite(x));
}

export function med(xs: (number | null)[]): number | null {
  return median(xs.filter((x): x is number => x !== null && Number.isFinite(x)));
}

/** Per figure, the ratio of the anchor's first run in a round to its second. */
export function selfRatios(runs: (number | null)[][]): (number | null)[] {
  if (runs.length < 2) return [];
  return runs[0]!.map((x, i) => ratioOf(x, runs[1]![i] ?? null));
}

/**
 * Pass, miss, or null (no target or no figure). A two-sided target is also null when the anchor
 * against itself spread wider than the target's band: a ratio to such an anchor passes or misses
 * by the anchor's luck (SEQ 1M from ordinary memory on a VM: fio 0.71–1.12 of itself a round).
 */
export function judge(
  f: { target: number | null; max?: number },
  ratio: number | null,
  anchorSelf: [number, number] | null,
): { pass: boolean | null; undecided?: true; note?: string } {
  if (f.target === null || ratio === null) return { pass: null };
  if (f.max !== undefined && anchorSelf && (anchorSelf[0] < f.target || anchorSelf[1] > f.max))
    return {
      pass: null,
      undecided: true,
      note: `cannot be decided here: the anchor against itself ranged ${anchorSelf[0].toFixed(2)}–${anchorSelf[1].toFixed(2)} within a round, wider than ${f.target}–${f.max}`,
    };
  return { pass: ratio >= f.target && (f.max === undefined || ratio <= f.max) };
}

/** Each figure's samples, medians and paired ratio against its target. */
export function summarise(
  checks: Check[],
  samples: Map<Check, { e: (number | null)[][]; a: (number | null)[][]; aa?: (number | null)[][] }>,
): FigureResult[] {
  const results: FigureResult[] = [];
  for (const c of checks) {
    const s = samples.get(c)!;
    c.figures.forEach((f, i) => {
      const es = s.e.map((r) => r[i] ?? null);
      const as = s.a.map((r) => r[i] ?? null);
      const em = med(es);
      const am = med(as);
      const paired = pairedRatios(es, as);
      const ratio = med(paired);
      const selfs = (s.aa ?? [])
        .map((r) => r[i] ?? null)
        .filter((x): x is number => x !== null && Number.isFinite(x));
      const anchorSelf: [number, number] | null = selfs.length
        ? [Math.min(...selfs), Math.max(...selfs)]
        : null;
      const verdict = judge(f, ratio, anchorSelf);
      const note =
        am === null
          ? as.every((x) => x === null)
            ? 'anchor gave no figure (missing tool or +++++)'
            : undefined
          : undefined;
      results.push({
        id: f.id,
        label: f.label,
        unit: f.unit,
        anchor: c.anchorName,
        engineSamples: es,
        anchorSamples: as,
        engineMedian: em,
        anchorMedian: am,
        ratio,
        ratioOfMedians: ratioOf(em, am),
        ratioRange: paired.length ? [Math.min(...paired), Math.max(...paired)] : null,
        anchorSelf,
        target: f.target,
        ...(f.max ? { max: f.max } : {}),
        pass: verdict.pass,
        ...(verdict.undecided ? { undecided: true as const } : {}),
        ...(note || verdict.note ? { note: note ?? verdict.note } : {}),
      });
    });
  }
  return results;
}

/** Median device requests per I/O: 1.00 = every request reached the drive whole. */
export const fmtReq = (xs: number[]): string => {
  const m = med(xs);
  return m === null ? '—' : `${m.toFixed(2)} requests/IO`;
};

/**
 * Physical runs per MiB of each side's buffers (one DMA segment each): median and range, so a
 * SEQ 1M ratio can be read against the two sides' memory luck (layout.ts).
 */
export const fmtRuns = (xs: number[]): string => {
  const m = med(xs);
  return m === null
    ? '—'
    : `median ${m.toFixed(0)} runs/MiB (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}, ${xs.length} samples)`;
};

export const fmt = (xs: (number | null)[] | undefined): string =>
  (xs ?? []).map((x) => (x === null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(2))).join('/');

export function formatReport(results: FigureResult[], how: Record<string, unknown>): string {
  const rows = [
    [
      'figure',
      'unit',
      'engine',
      'anchor',
      'ratio',
      '(range)',
      'of medians',
      'anchor A/A',
      'target',
      '',
      'anchor tool',
    ],
  ];
  for (const r of results)
    rows.push([
      r.label,
      r.unit,
      r.engineMedian === null ? '—' : r.engineMedian.toFixed(1),
      r.anchorMedian === null ? '—' : r.anchorMedian.toFixed(1),
      r.ratio === null ? '—' : r.ratio.toFixed(3),
      r.ratioRange ? `(${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)})` : '',
      r.ratioOfMedians === null ? '—' : r.ratioOfMedians.toFixed(3),
      r.anchorSelf ? `${r.anchorSelf[0].toFixed(2)}–${r.anchorSelf[1].toFixed(2)}` : '',
      r.target === null ? 'info' : r.max ? `${r.target}–${r.max}` : `≥ ${r.target}`,
      r.pass === null ? (r.undecided ? 'UNDECIDED' : r.note ? 'n/a' : '') : r.pass ? 'ok' : 'MISS',
      r.anchor,
    ]);
  const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r
      .map((c, i) => (i >= 2 && i <= 7 ? c.padStart(w[i]!) : c.padEnd(w[i]!)))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, w.map((x) => '-'.repeat(x)).join('  '));
  const howText = Object.entries(how)
    .map(([k, v]) => `  ${k}: ${String(v)}`)
    .join('\n');
  const undecided = results.filter((r) => r.undecided).map((r) => `  ${r.label}: ${r.note}`);
  return `${lines.join('\n')}\n${undecided.length ? `\n${undecided.join('\n')}\n` : ''}\nhow it ran:\n${howText}\n`;
}
