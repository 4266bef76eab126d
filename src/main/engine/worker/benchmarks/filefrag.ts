// Which part of a drive a person's files sit on: the filesystem's extent map (FIEMAP) of a sample
// of their files, read through `filefrag -e` (e2fsprogs), as positions on the whole disk. A pure
// parser (linear in its input) and the arithmetic are here; surface-scan.ts runs the tool.

/** One extent: where it starts on the filesystem's device and how long it is, in bytes. */
export interface Extent {
  start: number;
  length: number;
}

/** The tail of "File size of NAME is N (B blocks of S bytes)", matched after the last "(". */
const SIZE_TAIL = /^\((\d+) blocks? of (\d+) bytes\)$/;
// "   0:        0..       7:   21563865..  21563872:      8:             last,eof"
const EXTENT_LINE = /^\s*\d+:\s+\d+\.\.\s*\d+:\s+(\d+)\.\.\s*\d+:\s+(\d+):\s*\d*:?\s*(\S*)\s*$/;
/** Extents whose physical place is not real yet (delayed allocation) or not on its own block. */
const NOT_PLACED = /unknown_loc|delalloc|inline|not_aligned/;

/**
 * The placed extents in `filefrag -e` output, in bytes on the filesystem's device. Each file's
 * block size comes from its "File size of … (N blocks of B bytes)" line; extents before any such
 * line, or with a flag saying their place is not real, are left out.
 */
export function parseFilefrag(text: string): Extent[] {
  const out: Extent[] = [];
  let blockSize = 0;
  for (const line of text.split('\n')) {
    const size = line.startsWith('File size of ')
      ? SIZE_TAIL.exec(line.slice(line.lastIndexOf('(')))
      : null;
    if (size) {
      blockSize = Number(size[2]);
      continue;
    }
    const m = blockSize > 0 ? EXTENT_LINE.exec(line) : null;
    if (!m || NOT_PLACED.test(m[3]!)) continue;
    out.push({ start: Number(m[1]) * blockSize, length: Number(m[2]) * blockSize });
  }
  return out;
}

/** Shares of the bytes in the outer, middle and inner third of a `deviceBytes` disk. */
export interface Placement {
  outer: number;
  middle: number;
  inner: number;
  bytes: number;
}

/**
 * Where the extents' bytes fall on the whole disk: `base` is where the filesystem's device starts
 * on it (a partition's offset). An extent across a boundary counts in both thirds by its bytes.
 */
export function placementOf(extents: Extent[], base: number, deviceBytes: number): Placement {
  const third = deviceBytes / 3;
  const sums = [0, 0, 0];
  for (const e of extents) {
    const a = base + e.start;
    const b = a + e.length;
    for (let i = 0; i < 3; i++) {
      const lo = i * third;
      const hi = (i + 1) * third;
      sums[i]! += Math.max(0, Math.min(b, hi) - Math.max(a, lo));
    }
  }
  const bytes = sums[0]! + sums[1]! + sums[2]!;
  const share = (x: number) => (bytes > 0 ? x / bytes : 0);
  return { outer: share(sums[0]!), middle: share(sums[1]!), inner: share(sums[2]!), bytes };
}
