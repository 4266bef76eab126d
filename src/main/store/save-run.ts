// Saving a finished benchmark: a measurement that took minutes is never thrown away because the
// history could not be written (read-only config folder, full disk). The store is checked before
// the run starts; if saving still fails at the end, the run goes to the first place that works,
// and the error names that file.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunDocument } from '../../shared/schemas/run';
import { oneLine, UserError } from '../core/errors';
import { writeFileSafe } from '../core/safe-write';
import type { RunStore } from './run-store';

export interface SaveOutcome {
  /** Where the run is now. */
  file: string;
  /** False when the history could not take it and `file` is a rescue copy. */
  inHistory: boolean;
  /** Why the history could not take it (one line). */
  problem?: string;
}

export interface RescuePlace {
  path: string;
  overwrite?: boolean;
}

const rescueName = (doc: RunDocument): string => `drivewise-run-${doc.id}.json`;

/**
 * Where a run goes when the history cannot take it, in order: the file the person asked for
 * (--json), next to the work folder (the folder under test), home, the temp folder.
 */
export function rescuePlaces(
  doc: RunDocument,
  o: { jsonPath?: string | undefined; force?: boolean; home?: string | undefined },
): RescuePlace[] {
  const places: RescuePlace[] = [];
  if (o.jsonPath) places.push({ path: o.jsonPath, overwrite: o.force ?? false });
  if (doc.targetDir) places.push({ path: join(doc.targetDir, rescueName(doc)) });
  if (o.home) places.push({ path: join(o.home, rescueName(doc)) });
  places.push({ path: join(tmpdir(), rescueName(doc)) });
  return places;
}

/** Saves to the history, else to the first rescue place that works; throws only if none does. */
export async function saveRunSafely(
  runs: RunStore,
  doc: RunDocument,
  places: readonly RescuePlace[],
): Promise<SaveOutcome> {
  let problem: string;
  try {
    return { file: await runs.save(doc), inHistory: true };
  } catch (err) {
    problem = oneLine(err);
  }
  const tried: string[] = [];
  const text = JSON.stringify(doc, null, 2) + '\n';
  for (const p of places) {
    try {
      const file = await writeFileSafe(p.path, text, { overwrite: p.overwrite ?? false });
      return { file, inHistory: false, problem };
    } catch (err) {
      tried.push(oneLine(err));
    }
  }
  throw new UserError(
    `run ${doc.id} could not be saved to the history (${problem}) nor anywhere else (${tried.join('; ')})`,
    1,
  );
}

/** The one line for a run that is safe but not in the history. */
export function rescuedMessage(doc: RunDocument, o: SaveOutcome): string {
  return (
    `run ${doc.id} could not be saved to the history (${o.problem ?? 'unknown error'}); ` +
    `it was written to ${o.file} instead: add it later with \`drivewise import ${o.file}\``
  );
}

/** For the app's bench job: the history, or a rescue copy named in the job's error. */
export function saveOrRescue(
  runs: RunStore,
  home: string | undefined,
): (doc: RunDocument) => Promise<void> {
  return async (doc) => {
    const o = await saveRunSafely(runs, doc, rescuePlaces(doc, { home }));
    if (!o.inHistory) throw new UserError(rescuedMessage(doc, o), 1);
  };
}
