// Huge pages for fio's buffers during bench:fidelity (root only).
//
// Why: a 1 MiB O_DIRECT request is one DMA segment per physically contiguous run of its buffer,
// and virtio-blk here served 1 MiB Q8 reads at ~1 GB/s from fio's malloc'ed buffer once memory
// was fragmented (2.0 requests per I/O: split at 254 segments) and at 3.1–3.8 GB/s with
// --mem=shmhuge. The engine's buffers sit in huge pages (io-buffers.ts), so fio gets them too:
// both sides then differ only in how they submit I/O, which is what the ratio is meant to show.
import { readFileSync, writeFileSync } from 'node:fs';

const NR = '/proc/sys/vm/nr_hugepages';

const readCount = (path: string): number => Number(readFileSync(path, 'utf8').trim());

export interface HugePageReservation {
  /** fio may use --mem=shmhuge. */
  ok: boolean;
  /** For "how it ran". */
  note: string;
  /** Puts the pool back to its size before the run. */
  restore(): void;
}

/** Grows the hugetlb pool by `pages` (2 MiB each) for the run; a no-op reservation when it can't. */
export function reserveHugePages(
  pages: number,
  paths = { nr: NR, free: '/sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages' },
): HugePageReservation {
  let before: number;
  try {
    before = readCount(paths.nr);
    writeFileSync(paths.nr, String(before + pages));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return { ok: false, note: `fio's own malloc'ed buffers (no huge pages: ${why})`, restore() {} };
  }
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    try {
      writeFileSync(paths.nr, String(before));
    } catch {
      /* the pool stays larger; harmless, and the next run reads the new size */
    }
  };
  let free = 0;
  try {
    free = readCount(paths.free);
  } catch {
    /* no 2 MiB pool */
  }
  // Fragmented memory can leave the pool short of what was asked.
  if (free < pages) {
    restore();
    return {
      ok: false,
      note: `fio's own malloc'ed buffers (only ${free} of ${pages} huge pages could be reserved)`,
      restore,
    };
  }
  return {
    ok: true,
    note: `huge pages for both: fio --mem=shmhuge (${pages} × 2 MiB reserved for the run)`,
    restore,
  };
}
