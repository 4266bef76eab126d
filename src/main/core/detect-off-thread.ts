// Pasted or loaded text up to 4 MiB goes through every importer (shared/import/detect). Even when
// each is linear, that is hundreds of milliseconds of regular expressions on a loaded machine,
// and in the browser host or the app's main process every other page and channel would wait for
// it (issue 25: a second client's round trip during a parser attack). Large texts are parsed in
// a worker thread (dist/main/import-worker.js, beside the bundle); small ones, and code run from
// the sources (tests), parse in place.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { detect, type Detection } from '../../shared/import/detect';
import { bundledWorker } from './bundled-worker';

/** Below this a worker's start costs more than the parse. */
const OFF_THREAD_CHARS = 256 * 1024;

export function detectOffThread(
  text: string,
  file: string | null = bundledWorker('import-worker.js'),
): Promise<Detection> {
  if (text.length < OFF_THREAD_CHARS || !file || !existsSync(file))
    return Promise.resolve(detect(text));
  return new Promise((resolve) => {
    const worker = new Worker(file, { workerData: text });
    let settled = false;
    const finish = (d: Detection | null): void => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      // A worker that failed to start or died: the same parse in place, so nothing is lost.
      resolve(d ?? detect(text));
    };
    worker.once('message', (d: Detection) => finish(d));
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
  });
}
