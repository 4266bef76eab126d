// Reads a folder of run files as a stream: a few files in flight at a time, each read through
// the hardened reader and validated against the run schema, handed on and forgotten, so
// thousands of files take the memory of a few. A damaged or foreign file is listed, never fatal.
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import { readRegularFile, UnsafeFileError } from '../store/safe-read';
import { parseRunText } from '../store/run-store';

export interface SkippedFile {
  file: string;
  why: string;
}

/** Files read at once: enough to keep the disk busy, few enough to keep memory flat. */
const IN_FLIGHT = 8;

export async function readRunFileAt(dir: string, file: string): Promise<RunDocument | SkippedFile> {
  try {
    const r = parseRunText((await readRegularFile(join(dir, file))).toString('utf8'));
    return r.ok ? r.doc : { file, why: r.why };
  } catch (err) {
    return { file, why: err instanceof UnsafeFileError ? err.why : 'cannot be read' };
  }
}

async function openDir(dir: string) {
  try {
    return await opendir(dir, { bufferSize: 256 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(
      code === 'ENOENT'
        ? `${dir} does not exist`
        : code === 'ENOTDIR'
          ? `${dir} is not a folder`
          : `${dir} cannot be read (${code})`,
    );
  }
}

/**
 * Calls `onRun` for every valid run file in `dir` (not its subfolders), `onSkip` for every other
 * entry but hidden ones. Resolves when all are done; the order is the directory's.
 */
export async function streamRuns(
  dir: string,
  onRun: (doc: RunDocument, file: string) => void | Promise<void>,
  onSkip: (s: SkippedFile) => void,
): Promise<number> {
  const handle = await openDir(dir);
  const pending = new Set<Promise<void>>();
  let seen = 0;
  for await (const entry of handle) {
    if (entry.name.startsWith('.')) continue;
    seen++;
    if (entry.isDirectory()) {
      onSkip({ file: entry.name, why: 'is a folder (not read)' });
      continue;
    }
    const job = readRunFileAt(dir, entry.name).then((r) =>
      'schema' in r ? onRun(r, entry.name) : onSkip(r),
    );
    const tracked = job.finally(() => pending.delete(tracked));
    pending.add(tracked);
    if (pending.size >= IN_FLIGHT) await Promise.race(pending);
  }
  await Promise.all(pending);
  return seen;
}
