// Builds reference runs from what a seed printed: tool outputs go through the same importers a
// person's paste goes through (so the figures are exactly the published ones), stopwatch and
// `time` figures become real-world task results.
import { RUN_SCHEMA, RUN_VERSION, type RunDocument, type TestResult } from '../schemas/run';
import type { DriveInfo, MachineProfile } from '../schemas/drive';
import { spread } from '../stats';
import { detect } from '../import/detect';
import { resultsToTests } from '../import/to-run';

export interface TaskFigure {
  testId: string;
  title: string;
  /** How the seed's author timed it. */
  method: string;
  seconds: number[];
  /** `time` output: user+sys per sample, so the I/O-wait share can be derived. */
  cpuSeconds?: number[];
  caveats?: string[];
}

export interface ReferenceSpec {
  id: string;
  name: string;
  /** Publication date when the source gives one, else ''. */
  date: string;
  citation: string;
  drive: Pick<DriveInfo, 'model' | 'vendor' | 'kind' | 'rotational' | 'sizeBytes'> & {
    rpm?: number;
    transport?: string;
  };
  machine?: Partial<MachineProfile>;
  outputs: string[];
  tasks?: TaskFigure[];
  caveats?: string[];
}

/** "1m41s", "5m25.551s", "0m41.663s" (as `time` prints) -> seconds. */
export function seconds(s: string): number {
  const m = /^(?:(\d+)m)?([\d.]+)s?$/.exec(s.trim());
  if (!m) throw new Error(`bad duration ${s}`);
  return Number(m[1] ?? 0) * 60 + Number(m[2]);
}

function taskResult(t: TaskFigure): TestResult {
  const s = spread(t.seconds);
  const cpu = t.cpuSeconds;
  const share =
    cpu && cpu.length === t.seconds.length
      ? Math.max(
          0,
          Math.min(1, 1 - cpu.reduce((a, b) => a + b, 0) / t.seconds.reduce((a, b) => a + b, 0)),
        )
      : null;
  return {
    testId: t.testId,
    title: t.title,
    kind: 'task',
    tool: 'stopwatch',
    method: t.method,
    status: 'ok',
    caveats: t.caveats ?? [],
    cache: 'n/a',
    measurements: [
      { metric: 'wall_time', unit: 's', better: 'lower', samples: [...t.seconds], ...s },
    ],
    ...(cpu ? { cpuSeconds: cpu, wallSeconds: [...t.seconds], ioWaitShare: share } : {}),
    bytesWritten: 0,
  };
}

export function referenceRun(spec: ReferenceSpec): RunDocument {
  const synthetic = resultsToTests(detect(spec.outputs.join('\n\n')).results).map((t) => ({
    ...t,
    method: t.method.replace('(imported)', '(as published)'),
    caveats: [],
  }));
  const tests = [...synthetic, ...(spec.tasks ?? []).map(taskResult)];
  const d = spec.drive;
  const m = spec.machine;
  return {
    schema: RUN_SCHEMA,
    version: RUN_VERSION,
    id: spec.id,
    label: 'reference',
    name: spec.name,
    createdAt: spec.date,
    appVersion: 'reference',
    source: { kind: 'reference', citation: spec.citation },
    machine: m
      ? {
          cpuModel: m.cpuModel ?? null,
          cpuCores: m.cpuCores ?? 0,
          ramBytes: m.ramBytes ?? 0,
          kernel: m.kernel ?? null,
          distro: m.distro ?? null,
          session: m.session ?? null,
        }
      : null,
    drive: {
      path: '',
      name: d.model ?? spec.name,
      model: d.model,
      vendor: d.vendor,
      serial: null,
      firmware: null,
      sizeBytes: d.sizeBytes,
      kind: d.kind,
      kindEvidence: ['published by the source'],
      transport: d.transport ?? null,
      rotational: d.rotational,
      ...(d.rpm ? { rpm: d.rpm } : {}),
      link: null,
      logicalSectorBytes: null,
      physicalSectorBytes: null,
      trim: null,
      scheduler: null,
      removable: false,
      partitions: [],
      holds: [],
      isSystem: false,
    },
    targetDir: null,
    settings: {
      profile: 'custom',
      tests: tests.map((t) => t.testId),
      repetitions: Math.min(
        20,
        Math.max(1, ...tests.flatMap((t) => t.measurements.map((x) => x.samples.length))),
      ),
      sizes: {},
    },
    privilege: { state: 'not-requested' },
    caveats: spec.caveats ?? [],
    tests,
    bytesWritten: 0,
  };
}
