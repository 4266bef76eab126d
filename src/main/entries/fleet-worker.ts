// A worker thread of `drivewise fleet` (fleet/pool.ts): processes the batches of run files it is
// sent, one file at a time with synchronous reads (nothing else waits on this thread), and
// answers each batch with its results.
import { parentPort, workerData } from 'node:worker_threads';
import { processFile, type FleetJob } from '../fleet/work';

const job: FleetJob = { ...(workerData as FleetJob), syncReads: true };
parentPort?.on('message', (files: string[]) => {
  void (async () => {
    const out = [];
    for (const f of files) out.push(await processFile(job, f));
    parentPort?.postMessage(out);
  })();
});
