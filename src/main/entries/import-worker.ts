// A worker thread that runs every importer on one pasted text and answers once (started by
// core/detect-off-thread.ts), so parsing a large paste never holds the process's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { detect } from '../../shared/import/detect';

parentPort?.postMessage(detect(workerData as string));
