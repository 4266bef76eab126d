// Number and text formatting for the printed report: three significant digits, explicit units.
import type { SpreadOf } from '../../shared/verdict';

const nf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 3 significant digits below 1000, grouped integers above (1,234): enough for disk figures. */
export function fmtNum(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const a = Math.abs(x);
  if (a >= 1000) return nf.format(x);
  if (a === 0) return '0';
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}

/** "412 (398–430)": the median with the min–max range a reader needs to judge it. */
export function fmtSpread(s: SpreadOf | null | undefined): string {
  if (!s || s.median === null) return '—';
  if (s.min === null || s.max === null || s.min === s.max) return fmtNum(s.median);
  return `${fmtNum(s.median)} (${fmtNum(s.min)}–${fmtNum(s.max)})`;
}

export function fmtRatio(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  if (x >= 10) return `${Math.round(x)}×`;
  return `${x.toFixed(x >= 2 ? 1 : 2)}×`;
}

export function fmtPercent(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return `${Math.round(x * 100)} %`;
}

export function fmtBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${n} B` : `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}

/** Drive sizes the way vendors sell them (10^9), which is what people compare prices by. */
export function fmtCapacity(n: number | null | undefined): string {
  if (!n) return '—';
  return n >= 1e12 ? `${(n / 1e12).toFixed(2)} TB` : `${(n / 1e9).toFixed(n >= 1e11 ? 0 : 1)} GB`;
}

export function fmtDate(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fmtMoney(x: number | null | undefined, currency: string): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return `${currency}${x >= 100 ? x.toFixed(0) : x.toFixed(2)}`;
}

/** Outcome words for tables: the verdict's categories in plain language. */
export function outcomeWords(outcome: string, speedup: number | null): string {
  if (outcome === 'faster') return `${fmtRatio(speedup)} faster`;
  if (outcome === 'slower') return speedup ? `${fmtRatio(1 / speedup)} slower` : 'slower';
  if (outcome === 'no-difference') return 'no measurable difference';
  return 'not comparable';
}
