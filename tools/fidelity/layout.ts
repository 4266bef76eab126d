// Where an O_DIRECT buffer's pages lie in physical memory, for both sides of a queue check.
//
// Why: the kernel maps an O_DIRECT request onto the buffer's pages, one DMA segment per physically
// contiguous run, and on this VM a 1 MiB request's speed followed that count: ~35 runs read at
// ~1.4 GB/s, ~130 at ~1.1, ~245 at ~0.9, 256 (over virtio's 254 segments: split) at 0.5–0.7.
// Ordinary 4 KiB pages lie wherever the kernel's free lists hand them out at that moment: fio's
// malloc'ed buffer and the engine's both got 65–257 runs per MiB, varying with the machine's state.
// So a SEQ 1M ratio is only as good as both sides' luck; bench:fidelity prints the runs per MiB.
import { readFileSync, openSync, readSync, closeSync } from 'node:fs';
import { nativeAio } from '../../src/main/core/native-aio';
import type { IoBuffers } from '../../src/main/engine/methods/io-buffers';

const PAGE = 4096;
const MiB = 1024 * 1024;

/** Mean physical runs per MiB over the engine's windows; null without root or the addon. */
export function engineRunsPerMiB(b: IoBuffers): number | null {
  const runs = nativeAio().addon?.physicalRuns;
  if (!runs) return null;
  let sum = 0;
  for (const off of b.offsets) {
    const r = runs(new Uint8Array(b.memory, off, b.bs));
    if (r < 0) return null;
    sum += r;
  }
  return (sum / b.offsets.length) * (MiB / b.bs);
}

/** Contiguous runs among the present pages of [start, start+len) in another process (root). */
export function runsOf(pid: number, start: bigint, len: number): { present: number; runs: number } {
  const pages = Math.floor(len / PAGE);
  const buf = Buffer.alloc(pages * 8);
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    readSync(fd, buf, 0, buf.length, Number((start / BigInt(PAGE)) * 8n));
  } finally {
    closeSync(fd);
  }
  let present = 0;
  let runs = 0;
  let prev = -2n;
  for (let i = 0; i < pages; i++) {
    const e = buf.readBigUInt64LE(i * 8);
    const pfn = e & ((1n << 55n) - 1n);
    if (!(e >> 63n) || pfn === 0n) {
      prev = -2n;
      continue;
    }
    present++;
    if (pfn !== prev + 1n) runs++;
    prev = pfn;
  }
  return { present, runs };
}

/**
 * fio's I/O buffer: in its job process (a child of the one started), the private anonymous
 * mapping of `bytes` plus fio's alignment slack with the most pages present. Runs per MiB of it,
 * or null when not found (not root, fio not started yet, or already gone).
 */
export function fioRunsPerMiB(fioPid: number, bytes: number): number | null {
  let best: { present: number; runs: number } | null = null;
  try {
    const kids = readFileSync(`/proc/${fioPid}/task/${fioPid}/children`, 'utf8').trim();
    for (const kid of kids ? kids.split(/\s+/).map(Number) : []) {
      for (const line of readFileSync(`/proc/${kid}/maps`, 'utf8').split('\n')) {
        const m = /^([0-9a-f]+)-([0-9a-f]+) rw-p 00000000 00:00 0\s*$/.exec(line);
        if (!m) continue;
        const start = BigInt(`0x${m[1]}`);
        const len = Number(BigInt(`0x${m[2]}`) - start);
        if (len < bytes || len > bytes + 64 * 1024) continue;
        const r = runsOf(kid, start, len);
        if (r.present >= bytes / PAGE && (!best || r.present > best.present)) best = r;
      }
    }
  } catch {
    return null;
  }
  return best && best.runs > 0 ? (best.runs / (best.present * PAGE)) * MiB : null;
}

/** Polls for fio's buffer every 100 ms for up to `ms` (its job process starts after a while). */
export async function sampleFio(fioPid: number, bytes: number, ms = 1500): Promise<number | null> {
  const until = Date.now() + ms;
  for (;;) {
    const r = fioRunsPerMiB(fioPid, bytes);
    if (r !== null || Date.now() >= until) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}
