// What each metric measures, and throughput in one unit so it can be held against a link ceiling.
import { BONNIE_FILES } from '../bench/bonnie-metrics';
import type { Measurement, TestResult } from '../schemas/run';
import type { MetricTheme } from './schema';
import { convert, THROUGHPUT_UNITS } from '../units';

const RANDOM_METRICS = new Set([
  'random_seeks',
  'seeks_per_second',
  'random_access_ms',
  'random_read',
  'random_write',
  'clat_p50_us',
  'clat_p99_us',
]);
/** bonnie++'s small-file table, named where the engine and the importer name it. */
const FILE_METRICS = new Set<string>(BONNIE_FILES);

export function themeOf(test: Pick<TestResult, 'kind'>, m: Measurement): MetricTheme {
  if (test.kind === 'task') return 'task';
  if (m.metric === 'cached_read') return 'memory';
  if (FILE_METRICS.has(m.metric)) return 'file-ops';
  if (RANDOM_METRICS.has(m.metric)) return 'random-access';
  if (m.params?.pattern === 'rnd') return 'random-access';
  if (/clat|latency/.test(m.metric)) return 'latency';
  const record = Number(m.params?.record_kb ?? m.params?.bs_kb ?? NaN);
  if (record < 64) return 'small-block';
  if (/read|write|throughput|seq_|rewrite|_bw$/.test(m.metric)) return 'sequential';
  return 'other';
}

/** Words a person understands, used in findings and the big-wins list. */
export function themeWords(theme: MetricTheme, metric: string): string {
  if (theme === 'file-ops') return /delete/.test(metric) ? 'file deletion' : 'file creation';
  if (theme === 'random-access') return 'random access';
  if (theme === 'small-block')
    return /write/.test(metric) ? 'small-block writes' : 'small-block reads';
  if (theme === 'sequential')
    return /write|output|rewrite/.test(metric) ? 'sequential writes' : 'sequential reads';
  if (theme === 'memory') return 'cached reads (memory speed)';
  if (theme === 'latency') return 'latency';
  return metric.replace(/_/g, ' ');
}

/** Throughput in MB/s (10^6 bytes), or null when the unit is not a throughput (shared/units' table). */
export function toMBps(value: number, unit: string): number | null {
  return Object.hasOwn(THROUGHPUT_UNITS, unit) ? convert(value, unit, 'MB/s') : null;
}

/** Reads that should go to the device (not the page cache): held against the link ceiling. */
export function isDeviceRead(m: Measurement): boolean {
  if (m.metric === 'cached_read') return false;
  return /read|seq_input_block/.test(m.metric) && toMBps(1, m.unit) !== null;
}

export function isSequentialRead(m: Measurement): boolean {
  return (
    m.metric === 'buffered_read' ||
    m.metric === 'seq_input_block' ||
    (m.metric === 'read' && Number(m.params?.record_kb ?? 0) >= 64) ||
    (m.metric === 'read_bw' && m.params?.pattern === 'seq')
  );
}

export function isSequentialWrite(m: Measurement): boolean {
  return (
    m.metric === 'throughput' ||
    m.metric === 'seq_output_block' ||
    (m.metric === 'write' && Number(m.params?.record_kb ?? 0) >= 64) ||
    (m.metric === 'write_bw' && m.params?.pattern === 'seq')
  );
}

export function paramsKey(params: Measurement['params']): string {
  if (!params) return '';
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join(',');
}

export function metricKey(testId: string, m: Pick<Measurement, 'metric' | 'params'>): string {
  const p = paramsKey(m.params);
  return p ? `${testId}:${m.metric}[${p}]` : `${testId}:${m.metric}`;
}

const PARAM_WORDS: Record<string, (v: unknown) => string> = {
  record_kb: (v) => `${String(v)} KiB records`,
  bs_kb: (v) => (Number(v) >= 1024 ? `${Number(v) / 1024} MiB` : `${String(v)} KiB`),
  qd: (v) => `Q${String(v)}`,
  pattern: (v) => (v === 'rnd' ? 'RND' : 'SEQ'),
};

/** What a metric is, when its test's label already names the variant ('RND 4K Q1'). */
const METRIC_WORDS: Record<string, [op: string | null, rest: string]> = {
  read_iops: ['read', 'IOPS'],
  write_iops: ['write', 'IOPS'],
  read_bw: ['read', ''],
  write_bw: ['write', ''],
  read_clat_mean_us: ['read', 'latency, mean'],
  write_clat_mean_us: ['write', 'latency, mean'],
  clat_p50_us: [null, 'latency p50'],
  clat_p99_us: [null, 'latency p99'],
};

export function metricLabel(m: Measurement): string {
  if (m.label) {
    const words = METRIC_WORDS[m.metric];
    if (!words) return m.label;
    const [op, rest] = words;
    // Engine labels may already carry the operation ('SEQ 1M Q8 read'); never say it twice.
    const has = (w: string) => new RegExp(`\\b${w}\\b`, 'i').test(m.label!);
    return [m.label, op && !has(op) ? op : '', rest && !has(rest) ? rest : '']
      .filter(Boolean)
      .join(' ');
  }
  const base = m.metric.replace(/_/g, ' ');
  if (!m.params) return base;
  const extra = Object.entries(m.params)
    .filter(([k]) => k !== 'file_kb')
    .map(([k, v]) =>
      PARAM_WORDS[k] ? PARAM_WORDS[k](v) : k === 'name' ? String(v) : `${k} ${String(v)}`,
    );
  return extra.length ? `${base} (${extra.join(' ')})` : base;
}
