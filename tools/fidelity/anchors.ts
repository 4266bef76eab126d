// The reference tools the fidelity script compares the engine with, and pure parsers of their
// output (unit-tested on captured samples).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FioFigures {
  iops: number;
  /** KiB/s */
  bw: number;
  clatMeanUs: number;
}

/** fio --output-format=json: tolerate warnings printed before the JSON. */
export function parseFioJson(text: string, op: 'read' | 'write'): FioFigures {
  const start = text.indexOf('{');
  if (start < 0) throw new Error('fio printed no JSON');
  const j = JSON.parse(text.slice(start)) as {
    jobs: Record<string, { iops: number; bw: number; clat_ns?: { mean: number } }>[];
  };
  const side = j.jobs[0]?.[op];
  if (!side) throw new Error(`fio JSON has no ${op} figures`);
  return { iops: side.iops, bw: side.bw, clatMeanUs: (side.clat_ns?.mean ?? 0) / 1000 };
}

/** "Timing buffered disk reads: 322 MB in  3.01 seconds = 107.12 MB/sec" → 107.12 (MiB/s). */
export function parseHdparm(text: string, which: 'buffered' | 'cached'): number {
  const re =
    which === 'buffered'
      ? /Timing buffered disk reads:.*?=\s*([\d.]+)\s*(k|M|G)B\/sec/
      : /Timing cached reads:.*?=\s*([\d.]+)\s*(k|M|G)B\/sec/;
  const m = re.exec(text);
  if (!m) throw new Error(`no hdparm ${which} figure in: ${text.trim().slice(0, 120)}`);
  const f = { k: 1 / 1024, M: 1, G: 1024 }[m[2] as 'k' | 'M' | 'G'];
  return Number(m[1]) * f;
}

/** dd's summary "2048000000 bytes (2.0 GB, 1.9 GiB) copied, 32.5028 s, 63.0 MB/s" → bytes, s. */
export function parseDd(text: string): { bytes: number; seconds: number; mbPerSec: number } {
  const m = /(\d+) bytes.*copied,\s*([\d.]+)\s*s/.exec(text);
  if (!m) throw new Error(`no dd summary in: ${text.trim().slice(0, 120)}`);
  const bytes = Number(m[1]);
  const seconds = Number(m[2]);
  return { bytes, seconds, mbPerSec: bytes / 1e6 / seconds };
}

export const BONNIE_FILE_FIELDS = {
  seq_create: 26,
  seq_stat: 28,
  seq_delete: 30,
  random_create: 32,
  random_stat: 34,
  random_delete: 36,
} as const;

/** bonnie++ 1.9x/2.00 CSV line → file-phase rates; '+++++' (under 0.5 s) becomes null. */
export function parseBonnieFiles(
  csv: string,
): Record<keyof typeof BONNIE_FILE_FIELDS, number | null> {
  const line = csv
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^1\.9\d,/.test(l));
  if (!line) throw new Error('no bonnie++ CSV line');
  const f = line.split(',');
  const get = (i: number): number | null => {
    const v = f[i] ?? '';
    return /^\d+(\.\d+)?$/.test(v) ? Number(v) : null;
  };
  return Object.fromEntries(
    Object.entries(BONNIE_FILE_FIELDS).map(([k, i]) => [k, get(i)]),
  ) as Record<keyof typeof BONNIE_FILE_FIELDS, number | null>;
}

export interface FioJob {
  file: string;
  rw: 'read' | 'write' | 'randread' | 'randwrite';
  bs: string;
  qd: number;
  seconds: number;
  sizeBytes: number;
  /** Buffers in SysV huge pages (needs reserved hugetlb pages), like the engine's. */
  hugeMem?: boolean;
  /** Called with fio's pid once started (to look at its buffer while it runs). */
  onSpawn?: (pid: number) => void;
}

export async function runFio(j: FioJob): Promise<FioFigures> {
  const engine = j.qd > 1 ? 'libaio' : 'psync';
  const started = run(
    'fio',
    [
      '--name=anchor',
      `--filename=${j.file}`,
      `--rw=${j.rw}`,
      `--bs=${j.bs}`,
      `--iodepth=${j.qd}`,
      `--ioengine=${engine}`,
      '--direct=1',
      '--time_based',
      `--runtime=${j.seconds}`,
      `--size=${j.sizeBytes}`,
      '--randrepeat=0',
      ...(j.hugeMem ? ['--mem=shmhuge'] : []),
      '--output-format=json',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (started.child.pid !== undefined) j.onSpawn?.(started.child.pid);
  const { stdout } = await started;
  return parseFioJson(stdout, j.rw.includes('read') ? 'read' : 'write');
}

export async function runHdparmT(device: string): Promise<number> {
  const { stdout } = await run('hdparm', ['-t', device]);
  return parseHdparm(stdout, 'buffered');
}

export async function runDd(file: string, bytes: number): Promise<number> {
  const count = Math.floor(bytes / 8192);
  // conv=fsync makes dd's own timing include the flush, as `dd ... && sync` under `time` does.
  const { stderr } = await run('dd', [
    'if=/dev/zero',
    `of=${file}`,
    'bs=8k',
    `count=${count}`,
    'conv=fsync',
  ]);
  return parseDd(stderr).mbPerSec;
}

/** dd's buffered read of a device's first `bytes` in 2 MiB blocks (hdparm -t's size), in MiB/s. */
export async function runDdRead(device: string, bytes: number): Promise<number> {
  const count = Math.max(1, Math.floor(bytes / (2 * 1024 * 1024)));
  const { stderr } = await run('dd', [`if=${device}`, 'of=/dev/null', 'bs=2M', `count=${count}`]);
  const d = parseDd(stderr);
  return d.bytes / 1024 / 1024 / d.seconds;
}

export async function runBonnieFiles(dir: string, n1024: number) {
  const { stdout } = await run(
    'bonnie++',
    ['-d', dir, '-s', '0', '-n', String(n1024), '-u', 'root', '-q'],
    {
      maxBuffer: 1024 * 1024,
    },
  );
  return parseBonnieFiles(stdout);
}

export async function hasTool(name: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}
