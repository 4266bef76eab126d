// Pasted or loaded text up to 4 MiB goes through every importer (shared/import/detect). Each is
// linear (scripts/parser-linearity.mjs), but in the browser host, the app's main process or the CLI
// every other page and channel would wait for a parse done in place, and a parser found slow
// later would hold them all (issue 37: a 252 KB paste froze the host for 3.3 s; four pastes at
// once took 58 s of CPU in four workers). So any text past a few KiB is parsed in a worker thread
// (dist/main/import-worker.js, beside the bundle), at most MAX_IMPORT_WORKERS at once and
// MAX_WAITING_IMPORTS queued behind them ("busy" beyond), each stopped after IMPORT_TIME_LIMIT_MS
// with one line. Small texts, and code run from the sources (tests), parse in place.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { detect, type Detection } from '../../shared/import/detect';
import { bundledWorker } from './bundled-worker';
import { UserError } from './errors';

/** Below this the parse takes well under a millisecond, less than a worker's start. */
const OFF_THREAD_CHARS = 16 * 1024;
export const MAX_IMPORT_WORKERS = 2;
export const MAX_WAITING_IMPORTS = 4;
/** 4 MiB through every importer takes under 0.5 s of CPU on this project's 2-core machine. */
export const IMPORT_TIME_LIMIT_MS = 5000;

let running = 0;
const waiting: (() => void)[] = [];

function release(): void {
  running--;
  waiting.shift()?.();
}

/** Resolves when a worker slot is free (taken); refuses in one line past the queue. */
function slot(): Promise<void> {
  if (running < MAX_IMPORT_WORKERS) {
    running++;
    return Promise.resolve();
  }
  if (waiting.length >= MAX_WAITING_IMPORTS)
    return Promise.reject(
      new UserError('busy: other pasted texts are being read; try again when they are done'),
    );
  return new Promise((resolve) =>
    waiting.push(() => {
      running++;
      resolve();
    }),
  );
}

function inWorker(file: string, text: string, limitMs: number): Promise<Detection> {
  return new Promise((resolve, reject) => {
    // The worker holds the text and its results, nothing more: a cap on its heap as well.
    const worker = new Worker(file, {
      workerData: text,
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const finish = (d: Detection | null, why?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (d) resolve(d);
      else reject(new UserError(why ?? 'the text could not be read: its reader stopped'));
    };
    const timer = setTimeout(
      () =>
        finish(
          null,
          `the text took longer than ${limitMs / 1000} s to read and was not imported; paste the tool's output alone`,
        ),
      limitMs,
    );
    worker.once('message', (d: Detection) => finish(d));
    worker.once('error', (e) => finish(null, `the text could not be read: ${e.message}`));
    worker.once('exit', () => finish(null));
  });
}

export async function detectOffThread(
  text: string,
  file: string | null = bundledWorker('import-worker.js'),
  limitMs = IMPORT_TIME_LIMIT_MS,
): Promise<Detection> {
  if (text.length < OFF_THREAD_CHARS || !file || !existsSync(file)) return detect(text);
  await slot();
  try {
    return await inWorker(file, text, limitMs);
  } finally {
    release();
  }
}
