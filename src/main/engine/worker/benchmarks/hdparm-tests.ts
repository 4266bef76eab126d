// hdparm -T (cached reads) and hdparm -t (buffered disk reads).
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { RAW_BUFFERED_NOTE } from '../../../../shared/bench/catalogue';
import { measurement } from '../../methods/calc';
import { openTestFile } from '../../methods/io';
import { bufferedReadMethod, cachedReadMethod, HDPARM_BLOCK } from '../../methods/hdparm';
import { READ_SETTLE, settledSeconds, settleNote } from '../../methods/settle';
import {
  defineBenchmark,
  dropSeconds,
  fmtBytes,
  ioSeconds,
  noteEarly,
  settles,
  TEST_FILE_SIZE,
  testFileCost,
} from './common';

const MiB = 1024 * 1024;

export const cachedRead = defineBenchmark({
  id: 'cached-read',
  title: 'Cached reads',
  tool: 'hdparm -T',
  description:
    'Re-reads the same 2 MiB from memory for 2 s: memory/cache speed, not the drive. Shown so it is never mistaken for disk speed.',
  estimate: (reps, _s, r) => 0.2 + reps * (1.95 + 0.05 * r.cpu),
  bytes: () => 2 * MiB,
  async run(ctx, t) {
    const r = t.result('hdparm -T: re-read the same 2 MiB for 2 s, loop overhead subtracted');
    r.cache = 'warm';
    r.caveats.push('memory/cache speed, not the drive');
    // hdparm -T never touches the drive: no admin-rights caveat for the file variant.
    const raw = (await t.raw(r, 'cached-read', { seconds: 2 }, null))?.map((o) => o.mibPerSec!);
    const samples: number[] = raw ?? [];
    if (raw) r.method += ` on ${ctx.device}`;
    else {
      const path = join(ctx.workDir, 'cached.bin');
      writeFileSync(path, randomBytes(HDPARM_BLOCK));
      r.bytesWritten = HDPARM_BLOCK;
      const fd = openSync(path, 'r');
      try {
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          const out = await cachedReadMethod(fd, {
            seconds: 2,
            signal: ctx.signal,
            onProgress: t.progress(rep),
          });
          samples.push(out.mibPerSec);
        }
      } finally {
        closeSync(fd);
        rmSync(path, { force: true });
      }
      r.method += ' (2 MiB file in the page cache)';
    }
    r.measurements.push(measurement('cached_read', 'MiB/s', 'higher', samples));
    return r;
  },
});

export const bufferedRead = defineBenchmark({
  id: 'buffered-read',
  title: 'Buffered disk reads',
  tool: 'hdparm -t',
  description:
    'Sequential 2 MiB reads from the start for 3 s, bypassing the cache: the sustained read speed the drive delivers.',
  sizes: { file: TEST_FILE_SIZE },
  sharesTestFile: true,
  // hdparm -t reads for 3 s after a cache drop: the raw device, or the test file to its end
  // (written to its time bound: on a fast drive it reads back in well under 3 s).
  // Quick's reads stop once settled (READ_SETTLE): 1.5 s where the drive fills its windows.
  estimate: (reps, s, r) => {
    const file = testFileCost(s, r);
    const bound = settles(s) ? settledSeconds(READ_SETTLE, 3, r.seqBps / HDPARM_BLOCK) : 3;
    return r.rawReads
      ? 0.3 + reps * (bound + dropSeconds(r))
      : file.seconds +
          reps *
            (Math.min(bound, ioSeconds(r, file.bytes, file.bytes / (2 * MiB)) / 2) +
              dropSeconds(r));
  },
  bytes: (s) => s.file,
  async run(ctx, t) {
    const r = t.result('hdparm -t: 2 MiB sequential reads from offset 0 for 3 s or to the end');
    r.cache = 'bypassed';
    const settle = settles(t.sizes);
    if (settle) r.method += `; each read ${settleNote(READ_SETTLE)}`;
    const raw = await t.raw(r, 'buffered-read', { seconds: 3, settle });
    if (raw) {
      r.method += ` on ${ctx.device} ${RAW_BUFFERED_NOTE}`;
      noteEarly(
        r,
        raw.map((o) => o.seconds!),
        3,
      );
      const mib = raw.map((o) => o.mibPerSec!);
      r.measurements.push(measurement('buffered_read', 'MiB/s', 'higher', mib));
      return r;
    }
    const samples: number[] = [];
    // The reads that could stop once settled: one that reached the file's end is not one.
    const timed: number[] = [];
    const want = t.sizes.file;
    const lead = 0.3;
    const { path, created, size } = await t.dataFile(want, (f) =>
      ctx.progress(f * lead, undefined, `writing the ${fmtBytes(want)} test file`),
    );
    if (created) r.bytesWritten = size;
    const { fd, direct } = openTestFile(path, 'read');
    r.method += ` on a ${fmtBytes(size)} test file${direct ? ' with O_DIRECT' : ''}`;
    if (!direct) {
      t.warmCache(r);
    }
    let wrapped = false;
    try {
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const out = await bufferedReadMethod(fd, size, {
          direct,
          seconds: 3,
          ...(settle ? { settle: READ_SETTLE } : {}),
          signal: ctx.signal,
          onProgress: t.progress(rep, lead),
        });
        if (out.reachedEnd) wrapped = true;
        else timed.push(out.seconds);
        samples.push(out.mibPerSec);
      }
    } finally {
      closeSync(fd);
    }
    noteEarly(r, timed, 3);
    if (wrapped)
      r.caveats.push(
        `reached the end of the ${fmtBytes(size)} test file before 3 s (hdparm stops at the end too)`,
      );
    r.measurements.push(measurement('buffered_read', 'MiB/s', 'higher', samples));
    return r;
  },
});
