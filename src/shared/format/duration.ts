// Durations. Two kinds, on purpose: a task's timing keeps two significant digits below ten
// seconds ("2.4 s", "0.31 s", "42 ms", the figure the verdict compares); a wait or an estimate is
// whole seconds ("3 min 5 s").

/**
 * A timed task: "42 ms", "0.31 s", "2.4 s", "12 s", "2 min 45 s", "1 h 5 min"; negative with a
 * minus sign. Under a second a tenth is most of the figure: a start a fast drive timed at 42 ms
 * read "10 s → 0.0 s (248× faster)", its prediction "0.1 s (0.0 s–0.1 s)".
 */
export function formatSeconds(s: number): string {
  const sign = s < 0 ? '−' : '';
  const a = Math.abs(s);
  const ms = a * 1000;
  if (ms === 0) return '0 s';
  if (ms < 0.995) return `${sign}${ms.toFixed(2)} ms`;
  if (ms < 9.95) return `${sign}${ms.toFixed(1)} ms`;
  if (ms < 99.5) return `${sign}${Math.round(ms)} ms`;
  if (a < 0.995) return `${sign}${a.toFixed(2)} s`;
  if (a < 9.95) return `${sign}${a.toFixed(1)} s`;
  if (a < 59.5) return `${sign}${Math.round(a)} s`;
  // Round first so 59.6 s past a minute reads "15 min 0 s", not "14 min 60 s".
  const total = Math.round(a);
  const m = Math.floor(total / 60);
  const r = total - m * 60;
  if (m < 60) return `${sign}${m} min ${r} s`;
  return `${sign}${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A wait or an estimate in whole seconds: "45 s", "3 min", "3 min 5 s", "1 h 5 min"; '—' if none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const r = s % 60;
  if (m < 60) return r ? `${m} min ${r} s` : `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Hours a year: minutes below one hour ("40 min"), else one decimal ("10.5 h"). */
export function fmtHours(h: number): string {
  // The same minus sign as formatSeconds: a row read "−0.7 s / -3 min" with two different ones.
  const sign = h < 0 && Math.round(Math.abs(h) * 60) > 0 ? '−' : '';
  const a = Math.abs(h);
  if (a < 1) return `${sign}${Math.round(a * 60)} min`;
  return `${sign}${a.toFixed(1)} h`;
}

/** A local date and time to the minute: "2026-11-30 10:15"; the input itself if it is no date. */
export function fmtDate(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
