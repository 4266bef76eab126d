// What a fidelity check is: figures from the engine's own code paths and from the reference tool
// on the same file or device, per round.
export interface Figure {
  id: string;
  label: string;
  unit: string;
  /** Minimum engine/anchor ratio; null = shown for information only. */
  target: number | null;
  /** Maximum ratio (two-sided targets: faster than fio is as wrong as slower). */
  max?: number;
}

export interface Check {
  name: string;
  anchorName: string;
  figures: Figure[];
  /**
   * Device read requests per I/O seen during each engine and anchor sample (large requests only):
   * tells whether a side's requests were split on the way to the drive.
   */
  requests?: { engine: number[]; anchor: number[] };
  /** Physically contiguous runs per MiB of each sample's I/O buffer (root; see layout.ts). */
  layout?: { engine: number[]; anchor: number[] };
  engine(): Promise<(number | null)[]>;
  anchor(): Promise<(number | null)[]>;
}

export interface CheckEnv {
  file: string;
  sizeBytes: number;
  seconds: number;
  workDir: string;
  /** Read-only loop device over `file` (root only), for hdparm -t. */
  loopDevice: string | null;
  files1024: number;
  /** Each file-phase run on a fresh ext4 of its own (root, mkfs.ext4 and losetup available). */
  freshFs: boolean;
  /**
   * Huge pages for both sides (--huge-pages: engine option + fio --mem=shmhuge); default is fio's
   * default memory against the engine's ordinary buffers.
   */
  fioHugeMem: boolean;
  ddBytes: number;
}

export const MiB = 1024 * 1024;
