// seeker v2.0: "Benchmarking /dev/sdb5 [420909MB], wait 30 seconds....." then
// "Results: 85 seeks/second, 11.73 ms random access time".
import type { ParsedResult } from './types';
import { num } from './types';

const RESULT = /Results:\s*([\d.]+)\s+seeks\/second,\s*([\d.]+)\s*ms\s+random\s+access\s+time/g;
const BENCH = /Benchmarking\s+(\S+?)\s+\[/g;

export function parseSeeker(text: string): ParsedResult[] {
  const benches = [...text.matchAll(BENCH)].map((m) => ({ at: m.index, device: m[1]! }));
  const out: ParsedResult[] = [];
  // Both lists are in text order: one forward walk finds each result's benchmark line (a scan of
  // every benchmark per result is quadratic for a paste of many of each).
  let next = 0;
  let last: { at: number; device: string } | undefined;
  for (const m of text.matchAll(RESULT)) {
    for (; next < benches.length && benches[next]!.at < m.index; next++) last = benches[next];
    const seeks = num(m[1]);
    const ms = num(m[2]);
    if (seeks === null || ms === null) continue;
    const device = last?.device;
    const at = last?.at ?? m.index;
    const dev = device ? { device } : {};
    out.push({
      tool: 'seeker',
      metric: 'seeks_per_second',
      value: seeks,
      unit: 'seeks/s',
      ...dev,
      at,
    });
    out.push({ tool: 'seeker', metric: 'random_access_ms', value: ms, unit: 'ms', ...dev, at });
  }
  return out;
}
