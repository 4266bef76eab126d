// Sizes. Every amount a person reads on a screen, in the report or the CLI's verdict and plan (a
// capacity, free space, RAM, what a run writes) is in decimal units (kB, MB, GB, TB) as the box and
// the Drive step print them, so no screen shows "4.3 GB" beside "3.6 GiB". Binary units (fmtBytes)
// stay in the tools' method text, where they are the tool's request and file sizes.

const missing = (x: number | null | undefined): x is null | undefined =>
  x === null || x === undefined || !Number.isFinite(x);

/** 1536 → "1.5 KiB", 3 * 2^30 → "3.0 GiB"; whole bytes below 1 KiB. */
export function fmtBytes(n: number | null | undefined): string {
  if (missing(n)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = n;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${n} B` : `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}

/** Sizes the way drive makers print them (10^9), so they match the label on the box. */
export function fmtCapacity(bytes: number | null | undefined): string {
  if (missing(bytes)) return '—';
  if (bytes >= 1e12) return `${(bytes / 1e12).toFixed(bytes >= 1e13 ? 0 : 1)} TB`;
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(bytes >= 1e11 ? 0 : 1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(0)} MB`;
  return `${Math.round(bytes / 1e3)} kB`;
}

/**
 * RAM as its makers and the desktop count it: "GB" of 2^30 bytes (JEDEC's, the module's label), so
 * 8 GiB reads "8.0 GB" as on the box, not "8.6 GB". Still "GB": no screen mixes in "GiB".
 */
export function fmtRam(bytes: number | null | undefined): string {
  if (missing(bytes)) return '—';
  const gb = bytes / 2 ** 30;
  return gb >= 1
    ? `${gb >= 100 ? gb.toFixed(0) : gb.toFixed(1)} GB`
    : `${Math.round(bytes / 2 ** 20)} MB`;
}
