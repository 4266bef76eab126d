// A run named on the command line: a run id from the history (or a reference), or a run file
// someone mailed (`drivewise verdict before.json after.json`). An argument that names an existing
// file, or contains a `/`, is a file; anything else is an id. Files go through the hardened reader.
import { lstat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import { readRunFile, type RunStore } from './run-store';

/** True when `arg` is to be read as a file rather than looked up as an id. */
export async function isRunFileRef(arg: string): Promise<boolean> {
  if (arg.includes('/')) return true;
  // Anything but a folder counts (a FIFO or a link is then refused by the reader, by name).
  return lstat(arg).then(
    (st) => !st.isDirectory(),
    () => false,
  );
}

/** Loads a run by id or from a file (see the top of this file). */
export async function loadRunRef(runs: RunStore, arg: string): Promise<RunDocument> {
  if (await isRunFileRef(arg)) return readRunFile(resolve(arg));
  try {
    return await runs.load(arg);
  } catch (err) {
    // "before.json" with no such file next to us: say both things we looked for.
    if (err instanceof UserError && /^no run with id /.test(err.message) && /\.json$/i.test(arg))
      throw new UserError(`no run with id ${arg}, and no file ${resolve(arg)}`);
    throw err;
  }
}

/**
 * The history plus runs read from files, for code that looks runs up by id (the report renderer
 * asks the router for `report.data` by id): a file's run is found under its own id.
 */
export function withRuns(runs: RunStore, docs: readonly RunDocument[]): RunStore {
  const extra = new Map(docs.map((d) => [d.id, d]));
  const overlay = Object.create(runs) as RunStore;
  overlay.load = async (id: string) => extra.get(id) ?? runs.load(id);
  overlay.exists = async (id: string) => extra.has(id) || runs.exists(id);
  return overlay;
}
