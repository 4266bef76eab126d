// Rough durations and disk space per test, for the Plan step and the runner's ETA. The rates are
// deliberately middle-of-the-road (a SATA SSD-ish drive); the runner corrects the ETA from live
// progress, so these only have to be the right order of magnitude.
import type { ProfileSizes, SyntheticTestId } from './catalogue';

const MiB = 1024 * 1024;
const SEQ_BYTES_PER_S = 300 * MiB;
const RANDOM_4K_IOPS = 3000;
const FILE_OPS_PER_S = 1_500;
const CHUNK_8K_BYTES_PER_S = 4000 * 8192;

const seq = (bytes: number): number => bytes / SEQ_BYTES_PER_S;
/** Random ops get slower per op as records grow; approximate with IOPS scaled by size. */
const randomSeconds = (bytes: number, record: number): number =>
  bytes / record / RANDOM_4K_IOPS / Math.max(1, Math.sqrt(4096 / record));

export const IOZONE_RECORDS = [4 * 1024, 64 * 1024, 512 * 1024] as const;

export function estimateSeconds(id: SyntheticTestId, reps: number, s: ProfileSizes): number {
  // Every phase is bounded by time (phaseSeconds) as well as bytes: min(cap, work / rate).
  const cap = s.phaseSeconds ?? 8;
  // A cache drop (sync + drop_caches) before each raw read or cold task, on a busy machine.
  const drop = 0.6;
  const file = Math.min(seq(s.file), 4 * cap) + 0.5;
  switch (id) {
    case 'cached-read':
      return 0.3 + reps * 2.3;
    case 'buffered-read':
      return file + reps * (Math.min(3, seq(s.file)) + drop);
    case 'dd-write':
      // Writing at page-cache speed, then the sync at the drive's: ~50 MB/s in all, per byte.
      return reps * (0.3 + Math.min(s.dd / 50e6, 3 * cap + s.dd / 100e6));
    case 'bonnie': {
      const c = Math.max(0.5, cap);
      const block = Math.min(c, Math.max(0.5, s.bonnie / CHUNK_8K_BYTES_PER_S));
      // per-char out/in (0.5 s minimum each), 4 bounded block/seek phases, file phases.
      return reps * (1 + 4 * block + (s.bonnieFiles * 1024 * 6) / FILE_OPS_PER_S + 2);
    }
    case 'iozone': {
      // 54 passes, each bounded; opening, allocating and removing the file add ~0.05 s a pass.
      const passCap = Math.max(0.2, cap / 4);
      const pass = (r: number, random: boolean) =>
        Math.min(passCap, random ? randomSeconds(s.iozone, r) : seq(s.iozone)) + 0.05;
      return (
        reps * IOZONE_RECORDS.reduce((t, r) => t + 4 * pass(r, false) + 2 * pass(r, true), 0) + 1
      );
    }
    case 'seeker':
      return reps * (s.seekerSeconds + drop) + 0.5;
    case 'qd-profile':
      return reps * 8 * s.qdSeconds + 3;
  }
}

/** Bytes the test writes into the work folder at most. */
export function estimateBytes(id: SyntheticTestId, s: ProfileSizes): number {
  switch (id) {
    case 'cached-read':
      return 2 * MiB;
    case 'buffered-read':
    case 'seeker':
    case 'qd-profile':
      return s.file;
    case 'dd-write':
      return s.dd;
    case 'bonnie':
      // Files are zero-byte but each costs an inode and a directory entry.
      return s.bonnie + s.bonnieChar + s.bonnieFiles * 1024 * 256;
    case 'iozone':
      return s.iozone;
  }
}
