// The after-run's folder on the baseline's own drive measures the old drive twice. The Measure
// step warned and still let Start run; now the one line below refuses there, in `bench.start` and
// in `drivewise bench --baseline`, until the person says they mean it (a repeatability check).
import type { ResolveResult } from '../contract/drives';
import type { RunDocument } from '../schemas/run';

/** Same physical drive as the baseline? Then the "after" numbers would measure the old drive again. */
export function sameDrive(a: RunDocument['drive'], b: ResolveResult['drive']): boolean {
  if (!a || !b) return false;
  if (a.serial && b.serial) return a.serial === b.serial;
  // Loop devices are re-numbered freely: /dev/loop0 then and now need not be the same file.
  if (a.kind === 'loop' || b.kind === 'loop')
    return !!a.backingFile && a.backingFile === b.backingFile;
  return a.model === b.model && a.sizeBytes === b.sizeBytes && a.path === b.path;
}

/** The refusal, word for word on screen and in the CLI; null when the folder is on another drive. */
export function sameDriveLine(baseline: RunDocument, r: ResolveResult): string | null {
  if (!sameDrive(baseline.drive, r.drive)) return null;
  const name = baseline.drive?.model ?? baseline.drive?.path ?? 'the old drive';
  return `${r.path} is on the baseline's drive (${name}): measuring here measures the old drive again — choose a folder on the new drive, or confirm that you mean to measure the same drive again (a repeatability check)`;
}

/**
 * A softer hint: the baseline's own folder. After a clone it is on the new drive (the identity
 * differs), so this only asks to make sure.
 */
export function sameFolderHint(baseline: RunDocument, r: ResolveResult): string | null {
  if (baseline.targetDir && r.path === baseline.targetDir.replace(/\/+$/, ''))
    return 'This is the folder the baseline was measured in. Make sure it is on the new drive now.';
  return null;
}
