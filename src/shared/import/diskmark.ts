// CrystalDiskMark and KDiskMark text exports (what people paste in forums). Two layouts:
//   5.x/6.x: "  Random Read 4KiB (Q= 32,T= 1) :   384.970 MB/s [  93986.8 IOPS]", with
//            "Sequential Read (Q= 32,T= 1)" = 128 KiB blocks and "Sequential Read (T= 1)" = 1 MiB.
//   7.x/8.x and KDiskMark: "[Read]" / "[Write]" sections of
//            "SEQ    1MiB (Q=  8, T= 1):   384.064 MB/s [ 366.3 IOPS] < 21765.43 us>".
// Figures become the queue-depth profile's metrics (read_bw, read_iops, read_clat_mean_us with
// pattern/bs_kb/qd), so a single-thread row pairs with a Drivewise run; rows with more threads
// carry `threads` as a parameter and so stay apart under their own label.
import type { ParamValue, ParsedResult, ToolName } from './types';
import { num } from './types';

export type DiskMarkTool = Extract<ToolName, 'crystaldiskmark' | 'kdiskmark'>;

const HEADER = /CrystalDiskMark\s+\d|KDiskMark\s*(?:\(\d[^)]{0,20}\))?\s*:/g;
const SECTION = /^\s*\[(Read|Write|Mix)\]\s*$/;
// Bounded repetitions only: the fuzz test feeds 1 MB lines through these.
const NEW_ROW =
  /^\s{0,12}(SEQ|RND|Sequential|Random)\s{0,8}(\d{1,5})\s{0,3}([KM])iB\s{0,3}\(Q=\s{0,4}(\d{1,4}),\s{0,4}T=\s{0,4}(\d{1,4})\):\s{0,12}([\d.]{1,16})\s{0,3}MB\/s\s{0,3}\[\s{0,12}([\d.]{1,16})\s{0,3}IOPS\]\s{0,3}(?:<\s{0,12}([\d.]{1,16})\s{0,3}us>)?/;
const OLD_ROW =
  /^\s{0,12}(Sequential|Random)\s(Read|Write)(?:\s(\d{1,5})([KM])iB)?\s{0,3}\((?:Q=\s{0,4}(\d{1,4})\s{0,3},\s{0,3})?T=\s{0,4}(\d{1,4})\)\s{0,3}:\s{0,12}([\d.]{1,16})\s{0,3}MB\/s(?:\s{0,3}\[\s{0,12}([\d.]{1,16})\s{0,3}IOPS\])?/;

interface Row {
  dir: 'read' | 'write';
  pattern: 'seq' | 'rnd';
  bsKb: number;
  qd: number;
  threads: number;
  mbps: number | null;
  iops: number | null;
  us: number | null;
}

/** "SEQ1M Q8T1": the label the tools themselves use, so a pasted row is recognisable. */
export function diskMarkLabel(r: Pick<Row, 'pattern' | 'bsKb' | 'qd' | 'threads'>): string {
  const size = r.bsKb >= 1024 ? `${r.bsKb / 1024}M` : `${r.bsKb}K`;
  return `${r.pattern.toUpperCase()}${size} Q${r.qd}T${r.threads}`;
}

function parseNew(m: RegExpExecArray, dir: 'read' | 'write'): Row | null {
  const size = Number(m[2]);
  const qd = Number(m[4]);
  const threads = Number(m[5]);
  if (!(size > 0 && qd > 0 && threads > 0)) return null;
  return {
    dir,
    pattern: /^s/i.test(m[1]!) ? 'seq' : 'rnd',
    bsKb: m[3] === 'M' ? size * 1024 : size,
    qd,
    threads,
    mbps: num(m[6]),
    iops: num(m[7]),
    us: num(m[8]),
  };
}

function parseOld(m: RegExpExecArray): Row | null {
  const seq = m[1] === 'Sequential';
  const qd = m[5] === undefined ? 1 : Number(m[5]);
  const threads = Number(m[6]);
  if (!(qd > 0 && threads > 0)) return null;
  // Old CrystalDiskMark wrote no block size on sequential rows: Q32 used 128 KiB, T1 alone 1 MiB.
  const printed = m[3] === undefined ? null : Number(m[3]) * (m[4] === 'M' ? 1024 : 1);
  const bsKb = printed ?? (seq ? (m[5] === undefined ? 1024 : 128) : 4);
  if (!(bsKb > 0)) return null;
  return {
    dir: m[2] === 'Write' ? 'write' : 'read',
    pattern: seq ? 'seq' : 'rnd',
    bsKb,
    qd,
    threads,
    mbps: num(m[7]),
    iops: num(m[8]),
    us: null,
  };
}

function toResults(row: Row, tool: DiskMarkTool, at: number): ParsedResult[] {
  const params: Record<string, ParamValue> = { pattern: row.pattern, bs_kb: row.bsKb, qd: row.qd };
  if (row.threads !== 1) params.threads = row.threads;
  const base = { tool, at, params, label: diskMarkLabel(row) };
  const out: ParsedResult[] = [];
  if (row.iops !== null)
    out.push({ ...base, metric: `${row.dir}_iops`, value: row.iops, unit: 'IOPS' });
  if (row.mbps !== null)
    out.push({ ...base, metric: `${row.dir}_bw`, value: row.mbps, unit: 'MB/s' });
  // The "< us>" column is the mean response time per I/O, the figure fio's clat mean matches.
  if (row.us !== null)
    out.push({ ...base, metric: `${row.dir}_clat_mean_us`, value: row.us, unit: 'µs' });
  return out;
}

/** Every CrystalDiskMark/KDiskMark row in the text, tagged with the tool whose header precedes it. */
export function parseDiskMark(text: string): ParsedResult[] {
  const headers = [...text.matchAll(HEADER)].map((h) => ({
    at: h.index,
    tool: (h[0].startsWith('K') ? 'kdiskmark' : 'crystaldiskmark') as DiskMarkTool,
  }));
  const out: ParsedResult[] = [];
  let dir: 'read' | 'write' | null = null;
  let offset = 0;
  let hi = -1;
  for (const line of text.split('\n')) {
    const lineAt = offset;
    offset += line.length + 1;
    if (line.length > 400) continue;
    const s = SECTION.exec(line);
    if (s) {
      dir = s[1] === 'Read' ? 'read' : s[1] === 'Write' ? 'write' : null;
      continue;
    }
    if (!line.includes('MB/s')) continue;
    const nm = dir ? NEW_ROW.exec(line) : null;
    const om = nm ? null : OLD_ROW.exec(line);
    const row = nm && dir ? parseNew(nm, dir) : om ? parseOld(om) : null;
    if (!row) continue;
    // Headers are in text order: advance to the last one before this line (linear overall).
    while (hi + 1 < headers.length && headers[hi + 1]!.at <= lineAt) hi++;
    const head = headers[hi];
    out.push(...toResults(row, head?.tool ?? 'crystaldiskmark', head?.at ?? lineAt));
  }
  return out;
}

export const parseCrystalDiskMark = (text: string): ParsedResult[] =>
  parseDiskMark(text).filter((r) => r.tool === 'crystaldiskmark');
export const parseKDiskMark = (text: string): ParsedResult[] =>
  parseDiskMark(text).filter((r) => r.tool === 'kdiskmark');
