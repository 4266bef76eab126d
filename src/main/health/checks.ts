// All checks over one set of inputs, in the order the person reads them.
import type { HealthReport } from '../../shared/contract/health';
import { checkAlignment } from './alignment';
import { checkOldDrive, checkResume, checkSwap } from './boot';
import { checkFstabNames, checkFstabResolves } from './fstab';
import { checkLink } from './link';
import { checkMountOptions } from './mount-options';
import { checkScheduler } from './scheduler';
import { checkSmart } from './smart';
import { checkSpace } from './space';
import { checkTrim } from './trim';
import type { HealthCheck, HealthInputs } from './types';

export function runChecks(inp: HealthInputs): HealthCheck[] {
  return [
    checkTrim(inp),
    checkAlignment(inp.disk),
    checkLink(inp.disk),
    checkScheduler(inp.disk),
    checkFstabNames(inp),
    checkFstabResolves(inp),
    checkResume(inp),
    checkSwap(inp),
    checkOldDrive(inp),
    checkMountOptions(inp),
    checkSmart(inp.smart),
    checkSpace(inp.space, inp.spaceError),
  ];
}

export function buildReport(
  inp: HealthInputs,
  notes: string[] = [],
  now = new Date(),
): HealthReport {
  return {
    checkedAt: now.toISOString(),
    path: inp.path,
    mountpoint: inp.mountpoint,
    device: inp.device,
    disks: inp.disks,
    drive: inp.disk ? { path: inp.disk.path, model: inp.disk.model, kind: inp.disk.kind } : null,
    checks: runChecks(inp),
    notes,
  };
}
