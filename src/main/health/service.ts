// The set-up check as the app and the CLI run it: pick the target, read, check, and (with a run)
// store the report into that run. SMART comes only through the root helper's existing identify.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HealthReport } from '../../shared/contract/health';
import type { RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import type { Services } from '../core/services';
import { buildReport } from './checks';
import { readHealthInputs, type ReaderOptions } from './reader';
import type { SmartInput } from './types';

/** SMART via the helper when admin rights are granted; otherwise the reason it is unknown. */
export function smartViaHelper(s: Services): ReaderOptions['smart'] {
  const ops = s.privileged.ops();
  if (!ops) return undefined;
  return async (device: string): Promise<SmartInput> => {
    const a = await ops.identify(device);
    const reason = a.smartctl
      ? null
      : (a.notes.find((n) => n.startsWith('smartctl')) ?? 'smartctl printed nothing');
    return { json: a.smartctl, reason, device };
  };
}

export interface HealthRequest {
  path?: string | undefined;
  runId?: string | undefined;
}

export async function runHealthCheck(
  s: Services,
  req: HealthRequest,
  o: ReaderOptions = {},
): Promise<{ report: HealthReport; savedTo: string | null; run: RunDocument | null }> {
  const notes: string[] = [];
  let run: RunDocument | null = null;
  let oldDrive: ReaderOptions['oldDrive'] = null;
  if (req.runId) {
    run = await s.runs.load(req.runId);
    if (run.source.kind === 'reference')
      throw new UserError(`${req.runId} is a built-in reference run`);
    if (run.baselineId) {
      const before = await s.runs.load(run.baselineId).catch(() => null);
      if (before?.drive)
        oldDrive = {
          path: before.drive.path,
          model: before.drive.model,
          serial: before.drive.serial,
        };
    }
  }
  let path = req.path ? resolve(req.path) : null;
  if (!path && run?.targetDir && existsSync(run.targetDir)) {
    path = run.targetDir;
    notes.push(`checked the drive of run ${run.id} (${run.targetDir})`);
  } else if (!path) {
    path = '/';
    notes.push(
      run?.targetDir
        ? `run ${run.id}'s directory ${run.targetDir} is gone: checked the system drive (/) instead`
        : 'checked the system drive (/)',
    );
  }
  if (!existsSync(path)) throw new UserError(`${path}: no such file or directory`);
  const smart = o.smart ?? smartViaHelper(s);
  const st = s.privileged.status();
  const smartUnavailable = `needs admin rights: SMART is read by the root helper's smartctl (admin rights: ${st.state} — ${st.reason})`;
  const inputs = await readHealthInputs(path, {
    smartUnavailable,
    ...o,
    smart,
    oldDrive: o.oldDrive ?? oldDrive,
  });
  if (!smart) notes.push('SMART needs admin rights (the root helper runs smartctl)');
  const report = buildReport(inputs, notes);
  let savedTo: string | null = null;
  if (run) {
    const updated = { ...run, health: report };
    savedTo = await s.runs.save(updated);
    run = updated;
  }
  return { report, savedTo, run };
}
