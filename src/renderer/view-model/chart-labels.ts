// Bar labels for the verdict screen's and the report's charts: wrapped, and never two alike.

/** Long metric names wrap onto at most `maxLines` lines (the last cut with "…"). */
export function wrapLabel(s: string, width = 34, maxLines = 3): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > maxLines) {
    const kept = out.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return out;
}

/**
 * Labels that repeat within one list (several metrics under one name, e.g. IOPS, bandwidth and
 * latency of "RND 4K Q1 read") get their unit added, so no two rows read the same.
 */
export function distinctLabels<T>(
  xs: readonly T[],
  label: (x: T) => string,
  unit: (x: T) => string,
): string[] {
  const base = xs.map(label);
  const count = new Map<string, number>();
  for (const b of base) count.set(b, (count.get(b) ?? 0) + 1);
  return base.map((b, i) => ((count.get(b) ?? 0) > 1 ? `${b}, ${unit(xs[i]!)}` : b));
}
