// seeker method: random small reads for a set time → seeks/s and ms access time.
import { closeSync } from 'node:fs';
import { measurement } from '../../methods/calc';
import { openTestFile } from '../../methods/io';
import { RATE_FIT_NOTE } from '../../methods/rate-fit';
import { seekerMethod } from '../../methods/seeker';
import { SEEKER_SETTLE, settledSeconds, settleNote } from '../../methods/settle';
import {
  defineBenchmark,
  dropSeconds,
  fmtBytes,
  noteEarly,
  settles,
  TEST_FILE_SIZE,
} from './common';

export const seeker = defineBenchmark({
  id: 'seeker',
  title: 'Random access (seeker)',
  tool: 'seeker',
  description:
    'Small reads at random places for a set time: seeks per second and access time, the thing you feel as snappiness.',
  sizes: {
    file: TEST_FILE_SIZE,
    seekerSeconds: { label: 'Random access test, per repetition', unit: 's' },
  },
  sharesTestFile: true,
  // Quick's random reads stop once settled (SEEKER_SETTLE): 1 s on a drive of thousands of IOPS.
  estimate: (reps, s, r) =>
    reps *
      ((settles(s) ? settledSeconds(SEEKER_SETTLE, s.seekerSeconds, r.iops) : s.seekerSeconds) +
        dropSeconds(r)) +
    0.3,
  bytes: (s) => s.file,
  async run(ctx, t) {
    const s = t.sizes;
    const seconds = s.seekerSeconds;
    const r = t.result(`seeker v2.0: 512-byte reads at random offsets for ${seconds} s`);
    r.cache = 'bypassed';
    r.method += `; ${RATE_FIT_NOTE}`;
    const seeks: number[] = [];
    const ms: number[] = [];
    const took: number[] = [];
    const settle = settles(s);
    if (settle) r.method += `; each repetition ${settleNote(SEEKER_SETTLE)}`;
    const raw = await t.raw(r, 'seeker', { seconds, settle });
    if (raw) {
      r.method += ` across ${ctx.device}`;
      for (const o of raw) {
        took.push(o.seconds!);
        seeks.push(o.seeksPerSecond!);
        ms.push(o.randomAccessMs!);
      }
    } else {
      const lead = 0.2;
      const { path, created, size } = await t.dataFile(s.file, (f) =>
        ctx.progress(f * lead, undefined, `writing the ${fmtBytes(s.file)} test file`),
      );
      if (created) r.bytesWritten = size;
      r.caveats.push(
        `random reads span the ${fmtBytes(size)} test file, not the whole drive (shorter seeks on a hard disk)`,
      );
      const { fd, direct } = openTestFile(path, 'read');
      if (!direct) {
        t.warmCache(r);
      }
      let blockSize = 512;
      try {
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          const opts = {
            seconds,
            ...(settle ? { settle: SEEKER_SETTLE } : {}),
            signal: ctx.signal,
            onProgress: t.progress(rep, lead),
          };
          let out;
          try {
            out = await seekerMethod(fd, size, { ...opts, blockSize });
          } catch (err) {
            // 4Kn drives refuse 512-byte O_DIRECT reads; seeker's buffered reads would hit the cache.
            if ((err as NodeJS.ErrnoException).code !== 'EINVAL' || blockSize === 4096) throw err;
            blockSize = 4096;
            r.caveats.push(
              'the drive needs 4 KiB direct reads: used 4096-byte reads instead of 512',
            );
            out = await seekerMethod(fd, size, { ...opts, blockSize });
          }
          took.push(out.seconds);
          seeks.push(out.seeksPerSecond);
          ms.push(out.randomAccessMs);
        }
      } finally {
        closeSync(fd);
      }
      r.method += ` over a ${fmtBytes(size)} test file${direct ? ' with O_DIRECT' : ''}`;
    }
    noteEarly(r, took, seconds);
    r.measurements.push(
      measurement('seeks_per_second', 'seeks/s', 'higher', seeks),
      measurement('random_access_ms', 'ms', 'lower', ms),
    );
    return r;
  },
});
