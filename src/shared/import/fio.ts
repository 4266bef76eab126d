// fio: JSON output (--output-format=json, fio 2.x "clat" in µs or 3.x "clat_ns") and the normal
// text output ("read: IOPS=9200, BW=35.9MiB/s (37.7MB/s)" / fio 2.x "read : io=..., bw=...KB/s,
// iops=..."). Job options give the variant: pattern (seq/rnd), block size, queue depth.
import type { ParamValue, ParsedResult } from './types';
import { num } from './types';

type Dir = 'read' | 'write';

/** Drops float noise from unit scaling (88599.68 ns -> 88.59968 µs, not 88.59967999999999). */
const round = (v: number): number => Number(v.toPrecision(12));

function sizeKb(s: string | undefined): number | null {
  if (!s) return null;
  const m = /^(\d+(?:\.\d+)?)\s*([kmg])?i?b?$/i.exec(s.trim());
  if (!m) return null;
  const v = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  // fio's bs without suffix is bytes; k/m/g are KiB/MiB/GiB.
  return unit === 'k' ? v : unit === 'm' ? v * 1024 : unit === 'g' ? v * 1024 * 1024 : v / 1024;
}

function jobParams(rw?: string, bs?: string, iodepth?: string): Record<string, ParamValue> {
  const p: Record<string, ParamValue> = {};
  if (rw) p.pattern = /rand/.test(rw) ? 'rnd' : 'seq';
  const kb = sizeKb(bs);
  if (kb !== null) p.bs_kb = kb;
  const qd = num(iodepth);
  if (qd !== null) p.qd = qd;
  return p;
}

function expand(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([kKmM])?$/.exec(v.trim());
  if (!m) return null;
  const mult = !m[2] ? 1 : /k/i.test(m[2]) ? 1e3 : 1e6;
  return Number(m[1]) * mult;
}

const BW_UNIT: Record<string, string> = {
  B: 'B/s',
  KiB: 'KiB/s',
  MiB: 'MiB/s',
  GiB: 'GiB/s',
  // fio 2.x printed KB/MB meaning KiB/MiB.
  KB: 'KiB/s',
  MB: 'MiB/s',
  GB: 'GiB/s',
};
const CLAT_US: Record<string, number> = { nsec: 1e-3, usec: 1, msec: 1e3 };

function result(
  metric: string,
  value: number,
  unit: string,
  at: number,
  job: string | undefined,
  params: Record<string, ParamValue>,
): ParsedResult {
  return { tool: 'fio', metric, value, unit, ...(job ? { job } : {}), at, params };
}

interface JsonDir {
  io_bytes?: number;
  bw?: number;
  iops?: number;
  clat_ns?: { mean?: number };
  clat?: { mean?: number };
}
interface JsonJob {
  jobname?: string;
  'job options'?: Record<string, string>;
  read?: JsonDir;
  write?: JsonDir;
}

function parseJson(text: string): ParsedResult[] {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start || !/"jobs"\s*:/.test(text)) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!doc || typeof doc !== 'object') return [];
  const d = doc as { jobs?: unknown; 'global options'?: Record<string, string> };
  if (!Array.isArray(d.jobs)) return [];
  const g =
    d['global options'] && typeof d['global options'] === 'object' ? d['global options'] : {};
  const out: ParsedResult[] = [];
  for (const raw of d.jobs as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const j = raw as JsonJob;
    const o = { ...g, ...(typeof j['job options'] === 'object' ? j['job options'] : {}) };
    const params = jobParams(o.rw ?? o.readwrite, o.bs ?? o.blocksize, o.iodepth);
    const job = typeof j.jobname === 'string' ? j.jobname : undefined;
    for (const dir of ['read', 'write'] as Dir[]) {
      const x = j[dir];
      if (!x || typeof x !== 'object' || !(Number(x.io_bytes) > 0)) continue;
      if (typeof x.iops === 'number')
        out.push(result(`${dir}_iops`, x.iops, 'IOPS', start, job, params));
      if (typeof x.bw === 'number')
        out.push(result(`${dir}_bw`, x.bw, 'KiB/s', start, job, params));
      const clat =
        typeof x.clat_ns?.mean === 'number'
          ? round(x.clat_ns.mean / 1000)
          : typeof x.clat?.mean === 'number'
            ? x.clat.mean
            : null;
      if (clat !== null) out.push(result(`${dir}_clat_mean_us`, clat, 'µs', start, job, params));
    }
  }
  return out;
}

const JOB_HEAD = /^(\S+): \(g=\d+\): rw=(\w+), bs=\(R\) (\w+?)-.*?iodepth=(\d+)/gm;
const GROUP = /^(\S+): \(groupid=\d+, jobs=\d+\)/gm;
const DIR_V3 = /^\s+(read|write)\s*: IOPS=([\d.]+[kKmM]?), BW=([\d.]+)(B|KiB|MiB|GiB)\/s/;
const DIR_V2 = /^\s+(read|write)\s*: io=[^,]*, bw=([\d.]+)(B|KB|MB|GB)\/s, iops=([\d.]+[kKmM]?)/;
const CLAT = /^\s+clat \((nsec|usec|msec)\):.*?avg=\s*([\d.]+)/;

function parseNormal(text: string): ParsedResult[] {
  const opts = new Map<string, Record<string, ParamValue>>();
  for (const m of text.matchAll(JOB_HEAD)) opts.set(m[1]!, jobParams(m[2], m[3], m[4]));
  const out: ParsedResult[] = [];
  const groups = [...text.matchAll(GROUP)];
  groups.forEach((g, gi) => {
    const job = g[1]!;
    const params = opts.get(job) ?? {};
    const body = text.slice(g.index, groups[gi + 1]?.index ?? text.length);
    let dir: Dir | null = null;
    let clatSeen = false;
    for (const line of body.split('\n')) {
      const v3 = DIR_V3.exec(line);
      const v2 = v3 ? null : DIR_V2.exec(line);
      if (v3 || v2) {
        dir = (v3 ?? v2)![1] as Dir;
        clatSeen = false;
        const iops = expand(v3 ? v3[2]! : v2![4]!);
        const bw = num(v3 ? v3[3] : v2![2]);
        const unit = BW_UNIT[v3 ? v3[4]! : v2![3]!]!;
        if (iops !== null) out.push(result(`${dir}_iops`, iops, 'IOPS', g.index, job, params));
        if (bw !== null) out.push(result(`${dir}_bw`, bw, unit, g.index, job, params));
        continue;
      }
      const c = dir && !clatSeen ? CLAT.exec(line) : null;
      if (c && dir) {
        clatSeen = true;
        const avg = num(c[2]);
        if (avg !== null)
          out.push(
            result(`${dir}_clat_mean_us`, round(avg * CLAT_US[c[1]!]!), 'µs', g.index, job, params),
          );
      }
    }
  });
  return out;
}

export function parseFio(text: string): ParsedResult[] {
  const json = parseJson(text);
  return json.length ? json : parseNormal(text);
}
