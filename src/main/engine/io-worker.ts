// Source of the I/O worker threads (see io-pool.ts), run with `new Worker(src, { eval: true })`.
// Kept as a small self-contained script so 32 threads start in milliseconds instead of each loading
// the whole engine bundle, and so it runs the same from the bundle, the CLI and tests.
// Control block slots: 0 GO, 1 STOP, 2 CURSOR, 3 OPS, 4 WAITING (see CONTROL in io-pool.ts).
export const IO_WORKER_SOURCE = `
'use strict';
const { parentPort } = require('node:worker_threads');
const { readSync, writeSync } = require('node:fs');
const { randomFillSync } = require('node:crypto');
// O_DIRECT needs page-aligned memory: WebAssembly memory is mmap'ed, so offset 0 is aligned.
function aligned(size) {
  const pages = Math.max(1, Math.ceil(size / 65536));
  return Buffer.from(new WebAssembly.Memory({ initial: pages, maximum: pages }).buffer, 0, size);
}
function xorshift(seed) {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}
parentPort.on('message', (job) => {
  const ctl = new Int32Array(job.ctl);
  let ops = 0;
  let lat = 0n;
  let parked = false;
  try {
    const buf = job.memory ? Buffer.from(job.memory, job.offsets[job.slot], job.bs) : aligned(job.bs);
    if (job.op === 'write') randomFillSync(buf);
    const random = xorshift((Date.now() ^ Math.imul(job.slot + 1, 2654435761)) >>> 0);
    Atomics.add(ctl, 4, 1);
    parked = true;
    Atomics.wait(ctl, 0, 0);
    const deadline = process.hrtime.bigint() + BigInt(Math.round(job.seconds * 1e9));
    for (;;) {
      const block = job.pattern === 'seq' ? Atomics.add(ctl, 2, 1) % job.blocks : Math.floor(random() * job.blocks);
      const pos = block * job.bs;
      const s = process.hrtime.bigint();
      const n = job.op === 'read' ? readSync(job.fd, buf, 0, job.bs, pos) : writeSync(job.fd, buf, 0, job.bs, pos);
      const e = process.hrtime.bigint();
      if (n !== job.bs) throw new Error('short ' + job.op + ' of ' + n + ' bytes at ' + pos);
      lat += e - s;
      ops++;
      if ((ops & 7) === 0) Atomics.add(ctl, 3, 8);
      if (e >= deadline || Atomics.load(ctl, 1)) break;
    }
    parentPort.postMessage({ ops, latSumUs: Number(lat) / 1000, endNs: String(process.hrtime.bigint()) });
  } catch (err) {
    if (!parked) Atomics.add(ctl, 4, 1); // do not leave the starter waiting for us
    parentPort.postMessage({ ops, latSumUs: 0, endNs: String(process.hrtime.bigint()),
      error: err && err.message ? err.message : String(err), code: err && err.code });
  }
});
parentPort.postMessage({ ready: true });
`;
