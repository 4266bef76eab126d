// Imported figures become an ordinary run document (label 'custom', source 'imported'), so they
// compare metric by metric with Drivewise's own runs and with the reference drives.
import {
  RUN_SCHEMA,
  RUN_VERSION,
  runDocument,
  type Measurement,
  type RunDocument,
  type TestResult,
} from '../schemas/run';
import { spread } from '../stats';
import type { Detection } from './detect';
import { TOOLS, type ParamValue, type ParsedResult, type ToolName } from './types';

interface TestMeta {
  testId: string;
  title: string;
  method: string;
}

/** Which Drivewise test a tool's figure belongs to (shared testIds, see the engine). */
export function testMetaOf(tool: ToolName, metric: string): TestMeta {
  switch (tool) {
    case 'hdparm':
      return metric === 'cached_read'
        ? { testId: 'cached-read', title: 'Cached reads', method: 'hdparm -T (imported)' }
        : { testId: 'buffered-read', title: 'Buffered disk reads', method: 'hdparm -t (imported)' };
    case 'dd':
      return {
        testId: 'dd-write',
        title: 'Sequential write with sync',
        method: 'GNU dd (imported)',
      };
    case 'seeker':
      return { testId: 'seeker', title: 'Random seeks', method: 'seeker v2.0 (imported)' };
    case 'bonnie++':
      return { testId: 'bonnie', title: 'bonnie++', method: 'bonnie++ (imported)' };
    case 'iozone':
      return { testId: 'iozone', title: 'iozone', method: 'iozone (imported)' };
    case 'fio':
      return { testId: 'qd-profile', title: 'Queue-depth profile', method: 'fio (imported)' };
    case 'crystaldiskmark':
      return {
        testId: 'qd-profile',
        title: 'Queue-depth profile',
        method: 'CrystalDiskMark (imported)',
      };
    case 'kdiskmark':
      return { testId: 'qd-profile', title: 'Queue-depth profile', method: 'KDiskMark (imported)' };
  }
}

/** The test an imported figure joins, for any tool name (unknown tools join no test: ''). */
export function testIdOf(tool: string, metric: string): string {
  return (TOOLS as readonly string[]).includes(tool)
    ? testMetaOf(tool as ToolName, metric).testId
    : '';
}

/** Lower is better for times and latencies; every other figure is a rate. */
export function betterOf(metric: string, unit: string): 'higher' | 'lower' {
  return /_ms$|_us$|^wall_time$|latency/.test(metric) || ['ms', 'µs', 's', 'ns'].includes(unit)
    ? 'lower'
    : 'higher';
}

function paramsOf(r: ParsedResult, multiDevice: boolean): Record<string, ParamValue> | undefined {
  const p: Record<string, ParamValue> = { ...(r.params ?? {}) };
  if (r.record_kb !== undefined) p.record_kb = r.record_kb;
  if (r.file_kb !== undefined) p.file_kb = r.file_kb;
  if (r.direct) p.direct = true;
  if (r.job !== undefined) p.job = r.job;
  if (multiDevice && r.device) p.device = r.device;
  return Object.keys(p).length ? p : undefined;
}

const keyOf = (metric: string, unit: string, p?: Record<string, ParamValue>): string =>
  `${metric}|${unit}|${JSON.stringify(Object.entries(p ?? {}).sort(([a], [b]) => a.localeCompare(b)))}`;

/** Groups results into TestResults; repeated runs of the same figure become samples. */
export function resultsToTests(results: readonly ParsedResult[]): TestResult[] {
  const devices = new Map<ToolName, Set<string>>();
  for (const r of results)
    if (r.device) devices.set(r.tool, (devices.get(r.tool) ?? new Set()).add(r.device));
  const tests = new Map<string, { meta: TestMeta; tool: ToolName; m: Map<string, Measurement> }>();
  for (const r of results) {
    const meta = testMetaOf(r.tool, r.metric);
    const t = tests.get(meta.testId) ?? { meta, tool: r.tool, m: new Map() };
    tests.set(meta.testId, t);
    const params = paramsOf(r, (devices.get(r.tool)?.size ?? 0) > 1);
    const key = keyOf(r.metric, r.unit, params);
    const m: Measurement = t.m.get(key) ?? {
      metric: r.metric,
      unit: r.unit,
      better: betterOf(r.metric, r.unit),
      samples: [],
      median: null,
      min: null,
      max: null,
      ...(r.label ? { label: r.label } : {}),
      ...(params ? { params } : {}),
    };
    m.samples.push(r.value);
    if (r.note && !m.note) m.note = r.note;
    t.m.set(key, m);
  }
  return [...tests.values()].map(({ meta, tool, m }) => {
    const measurements = [...m.values()].map((x) => ({ ...x, ...spread(x.samples) }));
    const devs = [...(devices.get(tool) ?? [])];
    return {
      testId: meta.testId,
      title: meta.title,
      kind: 'synthetic' as const,
      tool,
      method: meta.method,
      status: 'ok' as const,
      caveats: ['Imported from pasted tool output: conditions (cache state, file system) unknown.'],
      cache: 'n/a' as const,
      measurements,
      bytesWritten: 0,
      ...(devs.length ? { extra: { devices: devs } } : {}),
    };
  });
}

export interface ImportMeta {
  id: string;
  createdAt: string;
  appVersion: string;
  name?: string;
}

/**
 * The pasted figures as a run, refused in one line when the schema refuses one of them (a figure
 * that is not finite or beyond physical sense): naming the tool and metric, nothing imported.
 */
export function importedRun(d: Detection, meta: ImportMeta): RunDocument {
  const doc = buildRun(d, meta);
  const checked = runDocument.safeParse(doc);
  if (checked.success) return doc;
  const issue = checked.error.issues[0]!;
  const [, t, , m] = issue.path;
  const test = typeof t === 'number' ? doc.tests[t] : undefined;
  const meas = test && typeof m === 'number' ? test.measurements[m] : undefined;
  const where = test && meas ? `${test.tool} ${meas.metric}` : issue.path.map(String).join('.');
  throw new Error(`nothing imported: ${where}: ${issue.message}`);
}

function buildRun(d: Detection, meta: ImportMeta): RunDocument {
  const tests = resultsToTests(d.results);
  return {
    schema: RUN_SCHEMA,
    version: RUN_VERSION,
    id: meta.id,
    label: 'custom',
    name: (meta.name?.trim() || `Imported ${d.tools.join(' + ') || 'results'}`).slice(0, 200),
    createdAt: meta.createdAt,
    appVersion: meta.appVersion,
    source: { kind: 'imported', citation: `pasted ${d.tools.join(', ')} output` },
    machine: null,
    drive: null,
    targetDir: null,
    settings: {
      profile: 'custom',
      tests: tests.map((t) => t.testId),
      repetitions: Math.min(
        20,
        Math.max(1, ...tests.flatMap((t) => t.measurements.map((m) => m.samples.length))),
      ),
      sizes: {},
    },
    privilege: { state: 'not-requested' },
    caveats: [],
    tests,
    bytesWritten: 0,
  };
}
