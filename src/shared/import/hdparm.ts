// hdparm -t / -T (and --direct): "Timing buffered disk reads: 220 MB in 3.01 seconds = 73.08 MB/sec".
// hdparm's "MB" is MiB and its "kB" is KiB (it divides by 1024), so units map to binary ones.
// Pastes may be line-wrapped or collapsed onto one line, so matching is over the whole text.
import type { ParsedResult } from './types';
import { num } from './types';

const TIMING =
  /Timing\s+(O_DIRECT\s+)?(cached|buffered\s+disk|disk)\s+reads\s*:\s*([\d.]+)\s*([kMG]?B)\s+in\s+([\d.]+)\s+seconds\s*=\s*([\d.]+)\s*([kMG])B\/sec/g;
const DEVICE = /(?:^|\s)(\/dev\/[\w\-./]+?):(?=\s|$)/g;
const UNIT: Record<string, string> = { k: 'KiB/s', M: 'MiB/s', G: 'GiB/s' };

export function parseHdparm(text: string): ParsedResult[] {
  const devices: { at: number; name: string }[] = [];
  for (const m of text.matchAll(DEVICE)) devices.push({ at: m.index, name: m[1]! });
  const out: ParsedResult[] = [];
  // Both lists are in text order: the device a timing belongs to is found by walking forward
  // once, not by scanning every device per timing (quadratic for a paste of many of each).
  let next = 0;
  let device: string | undefined;
  for (const m of text.matchAll(TIMING)) {
    for (; next < devices.length && devices[next]!.at < m.index; next++)
      device = devices[next]!.name;
    const value = num(m[6]);
    if (value === null) continue;
    const direct = Boolean(m[1]);
    const metric = m[2] === 'cached' ? 'cached_read' : 'buffered_read';
    out.push({
      tool: 'hdparm',
      metric,
      value,
      unit: UNIT[m[7]!]!,
      ...(device ? { device } : {}),
      ...(direct ? { direct: true as const } : {}),
      at: m.index,
    });
  }
  return out;
}
