// The surface of the drive, as GNOME Disks draws it: read speed at evenly spaced places across the
// whole device (raw, read-only, through the root helper), and which part of it holds the person's
// files. A hard disk's inner tracks read at about half the speed of its outer ones, so a full one
// keeps much of its data where it is slowest; an SSD draws a flat line.
import type { Measurement } from '../../../../shared/schemas/run';
import { thirdsOf, type SurfaceProfile } from '../../../../shared/verdict/surface';
import { measurement } from '../../methods/calc';
import { SURFACE_BLOCK } from '../../methods/surface';
import { dataPlacement } from './data-placement';
import { defineBenchmark, fmtBytes, ioSeconds } from './common';

const MiB = 1024 * 1024;
/** Each place: 16 MiB or a quarter second, whichever comes first (a bounded time per place). */
const BYTES_PER_POINT = 16 * MiB;
const SECONDS_PER_POINT = 0.25;
/** Reading the extent map of up to 2,000 files: a few seconds at most. */
const PLACEMENT_SECONDS = 3;

export const surfaceScan = defineBenchmark({
  id: 'surface-scan',
  title: 'Surface scan',
  tool: 'GNOME Disks',
  description:
    'Reads at evenly spaced places across the whole drive (admin rights): a hard disk is slower towards its end, and this shows where your files sit.',
  sizes: {
    surfacePoints: {
      label: 'Surface scan: places read across the drive',
      unit: 'places',
      default: 128,
    },
  },
  // Each place: its timed reads, and one untimed read that moves there first.
  estimate: (_reps, s, r) =>
    s['surfacePoints']! *
      (Math.min(SECONDS_PER_POINT, ioSeconds(r, BYTES_PER_POINT, BYTES_PER_POINT / MiB)) +
        ioSeconds(r, MiB, 1)) +
    PLACEMENT_SECONDS +
    0.5,
  bytes: () => 0,
  async run(ctx, t) {
    const points = Math.round(t.sizes['surfacePoints']!);
    const r = t.result(
      `reads of ${fmtBytes(BYTES_PER_POINT)} (or ${SECONDS_PER_POINT} s) at ${points} evenly spaced places from the start to the end of the device (visited round the three thirds in turn, each after one untimed read there), ${fmtBytes(SURFACE_BLOCK)} O_DIRECT requests, read-only through the root helper`,
    );
    r.cache = 'bypassed';
    const scan = ctx.privileged?.surfaceScan;
    if (!scan || !ctx.device) {
      r.status = 'skipped';
      r.error = ctx.device
        ? 'needs admin rights: the surface scan reads the whole device through the root helper'
        : 'the folder is on no block device this can read';
      return r;
    }
    const device = ctx.device;
    const read = await scan.call(
      ctx.privileged,
      device,
      { points, secondsPerPoint: SECONDS_PER_POINT, bytesPerPoint: BYTES_PER_POINT },
      {
        signal: ctx.signal,
        onProgress: (f, live) => ctx.progress(0.9 * f, live, `reading across ${device}`),
      },
    );
    ctx.progress(0.9, undefined, 'where your files sit (the extent map)');
    const where = await dataPlacement(ctx, device, read.sizeBytes);
    const surface: SurfaceProfile = {
      deviceBytes: read.sizeBytes,
      points: read.offsets.map((o, i) => ({
        at: o / read.sizeBytes,
        mibPerSec: read.mibPerSec[i]!,
      })),
      data: where.placement,
      dataNote: where.note,
    };
    r.method += ` on ${device}`;
    r.extra = { surface };
    r.measurements = thirdMeasurements(surface);
    return r;
  },
});

/** The outer and inner thirds' median speeds: what the verdict compares across the two drives. */
function thirdMeasurements(p: SurfaceProfile): Measurement[] {
  const { outer, inner } = thirdsOf(p);
  return [
    measurement('surface_outer_read', 'MiB/s', 'higher', [outer], {
      label: 'Surface scan, outer third (start of the drive)',
    }),
    measurement('surface_inner_read', 'MiB/s', 'higher', [inner], {
      label: 'Surface scan, inner third (end of the drive)',
    }),
  ];
}
