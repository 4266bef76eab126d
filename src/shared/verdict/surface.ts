// The surface of a drive (the surface-scan test): read speed against position across the whole
// device, which part of it holds the person's files, and the one finding it gives. A hard disk
// reads its inner third (the end of the device) at about half its outer speed, so data there is
// slower than the empty-drive figures; an SSD draws a flat line. Shared by the verdict (finding
// and chart data), the report and the CLI.
import type { RunDocument } from '../schemas/run';
import { median, percentile } from '../stats';
import type { Finding } from './schema';
import {
  surfaceProfile as surfaceProfileSchema,
  type SurfaceProfile,
  type SurfaceSide,
} from './surface-schema';

export type { SurfaceProfile, SurfaceSide };

/** Below this the inner third is measurably slower: zones (a hard disk). */
export const ZONED_BELOW = 0.85;

/**
 * The median speed of the outer third (first), the inner third (last), their ratio, and whether
 * the two thirds' readings lie apart (the inner's upper quartile under the outer's lower one).
 */
export function thirdsOf(p: SurfaceProfile): {
  outer: number;
  inner: number;
  share: number;
  apart: boolean;
} {
  const outerSpeeds = p.points.filter((x) => x.at < 1 / 3).map((x) => x.mibPerSec);
  const innerSpeeds = p.points.filter((x) => x.at >= 2 / 3).map((x) => x.mibPerSec);
  const outer = median(outerSpeeds) ?? NaN;
  const inner = median(innerSpeeds) ?? NaN;
  const apart = (percentile(innerSpeeds, 75) ?? 0) < (percentile(outerSpeeds, 25) ?? 0);
  return { outer, inner, share: outer > 0 ? inner / outer : 1, apart };
}

/**
 * What a drive's line shows. Zones: the inner third's median under ZONED_BELOW of the outer's,
 * and the two thirds apart: a hard disk's speed falls steadily with the position, so its thirds
 * do not overlap. A drive whose readings only swing from moment to moment (a busy machine, a
 * virtual disk) can have one third's median low by chance, but not apart: no steady slope.
 */
export type SurfaceShape = 'zoned' | 'swinging' | 'flat';

export const shapeOf = (s: Pick<SurfaceSide, 'zoned' | 'innerShare'>): SurfaceShape =>
  s.zoned ? 'zoned' : s.innerShare < ZONED_BELOW ? 'swinging' : 'flat';

/** The run's surface profile, or null when it has none (no scan, or a damaged record). */
export function surfaceOfRun(run: RunDocument): SurfaceProfile | null {
  const t = run.tests.find((x) => x.testId === 'surface-scan' && x.status === 'ok');
  const parsed = surfaceProfileSchema.safeParse(t?.extra?.['surface']);
  return parsed.success ? parsed.data : null;
}

/** The sides that have a surface scan, with their names (the verdict's and report's chart). */
export function surfaceSides(
  runs: readonly { side: SurfaceSide['side']; name: string; run: RunDocument }[],
): SurfaceSide[] {
  return runs.flatMap(({ side, name, run }) => {
    const profile = surfaceOfRun(run);
    if (!profile) return [];
    const { share, apart } = thirdsOf(profile);
    return [{ side, name, profile, innerShare: share, zoned: share < ZONED_BELOW && apart }];
  });
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;

function whereWords(p: SurfaceProfile): string {
  if (!p.data) return `Which part of the drive your files sit on is ${p.dataNote}.`;
  const d = p.data;
  return `${pct(d.inner)} of your files' bytes sit in the inner third, ${pct(d.outer)} in the outer (${p.dataNote}).`;
}

/** The surface finding of one drive: zones and where the data sits, a swing, or a flat line. */
export function surfaceFinding(s: SurfaceSide): Finding {
  const keys = ['surface-scan:surface_outer_read', 'surface-scan:surface_inner_read'];
  const shape = shapeOf(s);
  if (shape === 'zoned')
    return {
      kind: 'surface',
      severity: 'info',
      title: `${s.name}: the inner third reads at ${pct(s.innerShare)} of the outer: your data on it is slower than the empty-drive figures`,
      detail: `A hard disk reads its outer tracks (the start of the drive) fastest. ${whereWords(s.profile)}`,
      weight: 40,
      keys,
    };
  if (shape === 'swinging')
    return {
      kind: 'surface',
      severity: 'info',
      title: `${s.name}: no steady slope across the drive: its readings swing from place to place (the inner third at ${pct(s.innerShare)} of the outer, inside that spread)`,
      detail: `A hard disk slows steadily towards its end; this one's thirds overlap, as a busy or virtual drive's readings do. The empty-drive figures hold wherever your data sits. ${whereWords(s.profile)}`,
      weight: 20,
      keys,
    };
  return {
    kind: 'surface',
    severity: 'info',
    title: `${s.name}: a flat line across the drive (the inner third reads at ${pct(s.innerShare)} of the outer)`,
    detail: `No zones, as on an SSD: the empty-drive figures hold wherever your data sits. ${whereWords(s.profile)}`,
    weight: 20,
    keys,
  };
}

export const surfaceFindings = (sides: SurfaceSide[]): Finding[] => sides.map(surfaceFinding);
