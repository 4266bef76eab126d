// What `drivewise bench` checks before minutes of measuring, and how it ends: the folder is named
// and not a RAM disk in disguise, the history and the --json file can be written, signals cancel
// with the exit code a shell expects, and the finished run is saved somewhere whatever happens.
import type { RunDocument } from '../../../shared/schemas/run';
import { UserError } from '../../core/errors';
import { checkWritablePath, writeFileSafe } from '../../core/safe-write';
import type { Services } from '../../core/services';
import { resolvePath } from '../../drives';
import type { CliIo } from '../../cli/types';
import {
  rescuedMessage,
  rescuePlaces,
  saveRunSafely,
  type SaveOutcome,
} from '../../store/save-run';

export interface BenchOutput {
  dir: string;
  json?: string | undefined;
  force?: boolean | undefined;
}

/**
 * An empty --dir would resolve to the current folder: never a choice made on purpose. Refused
 * before the folder is checked, which would take it for the current folder or a missing one.
 */
export function refuseEmptyDir(dir: string): void {
  if (!dir.trim())
    throw new UserError('--dir is empty: name the folder on the drive to test (--dir . for here)');
}

/** Refusals that must come before the run (and before a password dialog). */
export async function benchPreflight(s: Services, o: BenchOutput): Promise<void> {
  await s.runs.checkWritable();
  if (o.json) await checkWritablePath(o.json, { overwrite: o.force ?? false });
}

/** The warning `drives --for` gives (RAM disk, /dev, network share, loop device, ...). */
export async function warnAboutTarget(dir: string, io: CliIo): Promise<void> {
  const warning = await resolvePath(dir).then(
    (r) => r.warning,
    () => null,
  );
  if (warning) io.err(`warning: ${warning}\n`);
}

/**
 * Ctrl+C, a polite kill and the terminal closing (SIGHUP) all cancel, with the same cleanup (the
 * work folder and probe file go); the exit code then says which (130 / 143 / 129).
 */
export function cancelOnSignals(ac: AbortController): {
  exitCode: () => number;
  dispose: () => void;
} {
  let code = 130;
  const onInt = (): void => {
    code = 130;
    ac.abort();
  };
  const onTerm = (): void => {
    code = 143;
    ac.abort();
  };
  const onHup = (): void => {
    code = 129;
    ac.abort();
  };
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  process.once('SIGHUP', onHup);
  return {
    exitCode: () => code,
    dispose: () => {
      process.removeListener('SIGINT', onInt);
      process.removeListener('SIGTERM', onTerm);
      process.removeListener('SIGHUP', onHup);
    },
  };
}

/** The save step of a CLI bench: the history, else a rescue file; printed to stdout as a last resort. */
export function cliSaver(s: Services, o: BenchOutput, io: CliIo) {
  let outcome: SaveOutcome | null = null;
  return {
    save: async (doc: RunDocument): Promise<void> => {
      const places = rescuePlaces(doc, { jsonPath: o.json, force: o.force, home: s.env.HOME });
      try {
        outcome = await saveRunSafely(s.runs, doc, places);
      } catch (err) {
        io.out(JSON.stringify(doc, null, 2) + '\n');
        throw err;
      }
    },
    /** After the table: --json, the closing line, and a non-zero exit for a rescue or a failed test. */
    finish: async (doc: RunDocument): Promise<void> => {
      const saved = outcome!;
      if (!saved.inHistory) throw new UserError(rescuedMessage(doc, saved), 1);
      if (o.json) {
        try {
          await writeFileSafe(o.json, JSON.stringify(doc, null, 2) + '\n', {
            overwrite: o.force ?? false,
          });
        } catch (err) {
          io.out(`\nsaved run ${doc.id}\n`);
          throw new UserError(
            `run ${doc.id} is in the history, but --json failed: ${(err as Error).message}`,
            1,
          );
        }
      }
      io.out(`\nsaved run ${doc.id}${o.json ? ` (also written to ${o.json})` : ''}\n`);
      // Each failed test with its reason: "ENOSPC", "the folder was removed" is what to act on.
      const failed = doc.tests
        .filter((t) => t.status === 'failed')
        .map((t) => `${t.testId}: ${t.error ?? 'no reason given'}`);
      if (failed.length)
        throw new UserError(
          `${failed.length} test(s) failed (${failed.join('; ')}); the run was saved as ${doc.id}`,
          1,
        );
    },
  };
}
