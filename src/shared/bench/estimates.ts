// Rough durations and disk space per test, for the Plan step and the runner's ETA. The rates are
// deliberately middle-of-the-road (a SATA SSD-ish drive); the runner corrects the ETA from live
// progress, so these only have to be the right order of magnitude.
import type { ProfileSizes, SyntheticTestId } from './catalogue';

const MiB = 1024 * 1024;
const SEQ_BYTES_PER_S = 300 * MiB;
const RANDOM_4K_IOPS = 3000;
const SYSCALLS_PER_S = 100_000;
const FILE_OPS_PER_S = 3_000;
const CHUNK_8K_BYTES_PER_S = 4000 * 8192;

const seq = (bytes: number): number => bytes / SEQ_BYTES_PER_S;
/** Random ops get slower per op as records grow; approximate with IOPS scaled by size. */
const random = (bytes: number, record: number): number =>
  bytes / record / RANDOM_4K_IOPS / Math.max(1, Math.sqrt(4096 / record));

export const IOZONE_RECORDS = [4 * 1024, 64 * 1024, 512 * 1024] as const;

export function estimateSeconds(id: SyntheticTestId, reps: number, s: ProfileSizes): number {
  switch (id) {
    case 'cached-read':
      return 0.5 + reps * 2.6;
    case 'buffered-read':
      return seq(s.file) + reps * Math.min(3, seq(s.file)) + 0.5;
    case 'dd-write':
      return reps * (seq(s.dd) + 0.3);
    case 'bonnie': {
      // Phases under 0.5 s are repeated up to 0.5 s; block I/O is 8 KiB O_DIRECT (latency-bound).
      const phase = (secs: number) => Math.max(0.5, secs);
      const block = s.bonnie / CHUNK_8K_BYTES_PER_S;
      return (
        reps *
        (2 * phase(s.bonnieChar / SYSCALLS_PER_S) +
          phase(block) +
          phase(2 * block) +
          phase(block) +
          phase(8192 / RANDOM_4K_IOPS) +
          (s.bonnieFiles * 1024 * 4) / FILE_OPS_PER_S +
          1)
      );
    }
    case 'iozone':
      return (
        reps *
        IOZONE_RECORDS.reduce((t, r) => t + 4 * seq(s.iozone) + 2 * random(s.iozone, r) + 0.1, 0)
      );
    case 'seeker':
      return seq(s.file) + reps * s.seekerSeconds + 0.2;
    case 'qd-profile':
      // + start-up of the 32 I/O threads
      return seq(s.file) + reps * 8 * s.qdSeconds + 2;
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
