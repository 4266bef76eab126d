// The surface of a drive (the surface-scan test): read speed against position across the whole
// device, which part of it holds the person's files, and the one finding it gives. A hard disk
// reads its inner third (the end of the device) at about half its outer speed, so data there is
// slower than the empty-drive figures; an SSD draws a flat line. Shared by the verdict (finding
// and chart data), the report and the CLI.
import type { RunDocument } from '../schemas/run';
import type { Finding } from './schema';
import {
  surfaceProfile as surfaceProfileSchema,
  type SurfaceProfile,
  type SurfaceSide,
} from './surface-schema';

export type { SurfaceProfile, SurfaceSide };

/** Below this the inner third is measurably slower: zones (a hard disk). */
export const ZONED_BELOW = 0.85;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};

/** The median speed of the outer third (first), the inner third (last) and their ratio. */
export function thirdsOf(p: SurfaceProfile): { outer: number; inner: number; share: number } {
  const { outer, inner } = thirdSpeeds(p);
  const o = median(outer);
  const i = median(inner);
  return { outer: o, inner: i, share: o > 0 ? i / o : 1 };
}

function thirdSpeeds(p: SurfaceProfile): { outer: number[]; inner: number[] } {
  return {
    outer: p.points.filter((x) => x.at < 1 / 3).map((x) => x.mibPerSec),
    inner: p.points.filter((x) => x.at >= 2 / 3).map((x) => x.mibPerSec),
  };
}

/**
 * Zones: the inner third's median under ZONED_BELOW of the outer's, and the two thirds apart (the
 * inner's upper quartile under the outer's lower one). A hard disk's speed falls steadily with the
 * position, so its thirds do not overlap; a drive whose readings only swing from moment to moment
 * (a busy machine, a virtual disk) can have one third's median low by chance, but not apart.
 */
export function isZoned(p: SurfaceProfile): boolean {
  const { outer, inner } = thirdSpeeds(p);
  const { share } = thirdsOf(p);
  return share < ZONED_BELOW && quantile(inner, 0.75) < quantile(outer, 0.25);
}

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
    const { share } = thirdsOf(profile);
    return [{ side, name, profile, innerShare: share, zoned: isZoned(profile) }];
  });
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;

function whereWords(p: SurfaceProfile): string {
  if (!p.data) return `Which part of the drive your files sit on is ${p.dataNote}.`;
  const d = p.data;
  return `${pct(d.inner)} of your files' bytes sit in the inner third, ${pct(d.outer)} in the outer (${p.dataNote}).`;
}

/** The surface finding of one drive: zones and where the data sits, or a flat line. */
export function surfaceFinding(s: SurfaceSide): Finding {
  const keys = ['surface-scan:surface_outer_read', 'surface-scan:surface_inner_read'];
  if (s.zoned)
    return {
      kind: 'surface',
      severity: 'info',
      title: `${s.name}: the inner third reads at ${pct(s.innerShare)} of the outer: your data on it is slower than the empty-drive figures`,
      detail: `A hard disk reads its outer tracks (the start of the drive) fastest. ${whereWords(s.profile)}`,
      weight: 40,
      keys,
    };
  if (s.innerShare < ZONED_BELOW)
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
