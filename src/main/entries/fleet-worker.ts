// A worker thread of `drivewise fleet` (fleet/pool.ts): processes the batches of run files it is
// sent, one file at a time, and answers each batch with its results.
import { parentPort, workerData } from 'node:worker_threads';
import { processFile, type FleetJob } from '../fleet/work';

const job = workerData as FleetJob;
parentPort?.on('message', (files: string[]) => {
  void (async () => {
    const out = [];
    for (const f of files) out.push(await processFile(job, f));
    parentPort?.postMessage(out);
  })();
});
