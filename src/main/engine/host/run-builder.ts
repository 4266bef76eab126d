// Assembles the RunDocument from the engine's TestResults and what we know about the target.
import {
  RUN_SCHEMA,
  RUN_VERSION,
  runDocument,
  type PrivilegeState,
  type RunDocument,
  type RunHost,
  type TestResult,
  type UsageProfile,
} from '../../../shared/schemas/run';
import type { DriveInfo, MachineProfile } from '../../../shared/schemas/drive';

export interface RunFacts {
  id: string;
  appVersion: string;
  label: 'before' | 'after' | 'custom';
  name?: string | undefined;
  usage?: UsageProfile | undefined;
  baselineId?: string | undefined;
  createdAt?: Date;
  targetDir: string;
  drive: DriveInfo | null;
  machine: MachineProfile | null;
  host?: RunHost | undefined;
  settings: RunDocument['settings'];
  privilege: PrivilegeState;
  results: TestResult[];
  /** How deep-queue I/O ran, swept stale folders, etc. */
  notes: string[];
  timing?: RunDocument['timing'];
}

export function buildRunDocument(f: RunFacts): RunDocument {
  const caveats = [...f.notes];
  if (f.privilege.state !== 'granted')
    caveats.push(
      'no admin rights: raw-device tests ran on an O_DIRECT test file and caches were not dropped',
    );
  const failed = f.results.filter((r) => r.status === 'failed');
  if (failed.length)
    caveats.push(`${failed.length} test(s) failed: ${failed.map((r) => r.testId).join(', ')}`);
  const doc: RunDocument = {
    schema: RUN_SCHEMA,
    version: RUN_VERSION,
    id: f.id,
    label: f.label,
    ...(f.name ? { name: f.name } : {}),
    createdAt: (f.createdAt ?? new Date()).toISOString(),
    appVersion: f.appVersion,
    source: { kind: 'measured' },
    machine: f.machine,
    ...(f.host && Object.keys(f.host).length ? { host: f.host } : {}),
    drive: f.drive,
    targetDir: f.targetDir,
    settings: f.settings,
    privilege: f.privilege,
    caveats,
    tests: f.results,
    ...(f.usage ? { usage: f.usage } : {}),
    ...(f.baselineId ? { baselineId: f.baselineId } : {}),
    bytesWritten: f.results.reduce((a, r) => a + (r.bytesWritten ?? 0), 0),
    ...(f.timing ? { timing: f.timing } : {}),
  };
  return runDocument.parse(doc);
}
