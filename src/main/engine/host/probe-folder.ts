// bench.probe: the drive behind a folder probed when the folder is chosen, so the Plan step shows
// the drive's own estimate. The Plan step said 74 s for quick where the HDD-like drive took
// 110–121 s, while the run's own estimate after its 1 s probe was right (115–117 s): this is that
// probe, earlier. The same work-folder steps as a run (a fresh .drivewise-<id> folder, as the
// folder's owner when root works in another account's folder), removed whatever happens.
import type { DriveRates } from '../../../shared/bench/estimates';
import { fileWorkAccount } from '../../core/file-owner';
import { newRunId } from '../../store/run-store';
import { fmtFigure } from '../../../shared/format';
import { fileSteps } from './file-ops';
import { checkTargetDir } from '../worker/work-dir';

/** The probe writes at most this much (probe.ts), so this is what must be free for it. */
const PROBE_BYTES = 32 * 1024 * 1024;

export async function probeFolder(targetDir: string, signal: AbortSignal): Promise<DriveRates> {
  const dir = checkTargetDir(targetDir);
  const files = fileSteps(fileWorkAccount(dir));
  const { workDir } = await files.prepare(dir, newRunId(), PROBE_BYTES);
  try {
    return await files.probe(workDir, { signal });
  } finally {
    await files.remove(workDir).catch(() => undefined);
  }
}

/** The plan's line on where its estimate comes from, once probed. */
export function probedNote(r: DriveRates): string {
  return `Estimated from a ${r.seconds ?? 1} s probe of this folder's drive (${fmtFigure(r.seqBps / 1e6, 'MB/s')} sequential writes, ${Math.round(r.iops).toLocaleString('en-US')} random reads a second); the run probes again when it starts.`;
}
