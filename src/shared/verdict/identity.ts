// Is the after-run's drive the before-run's drive? Two runs of one drive are a repeatability check,
// not an upgrade: every surface names them so (headline.ts), and says which facts it compared
// when it cannot tell. The drive's own name decides first (WWN, then serial); without one, the
// same device with the same filesystem UUID and size. Loop devices and most imports carry none.
import { z } from 'zod';
import type { RunDocument } from '../schemas/run';
import type { DriveInfo, PartitionInfo } from '../schemas/drive';
import { fmtCapacity } from '../format/bytes';

export const driveIdentity = z.object({
  /** 'same': one drive measured twice; 'different': two drives; 'unknown': the facts do not say. */
  same: z.enum(['same', 'different', 'unknown']),
  /** One sentence: what was compared and what it showed (printed as it is on every surface). */
  facts: z.string(),
});
export type DriveIdentity = z.infer<typeof driveIdentity>;

/** The partition (or whole-disk filesystem) whose mount point holds `dir`, else the first with one. */
export function partitionFor(drive: DriveInfo | null, dir: string | null): PartitionInfo | null {
  if (!drive) return null;
  let best: PartitionInfo | null = null;
  let bestLen = -1;
  for (const p of drive.partitions)
    for (const mp of p.mountpoints)
      if (
        dir &&
        (dir === mp || dir.startsWith(mp.endsWith('/') ? mp : `${mp}/`)) &&
        mp.length > bestLen
      ) {
        best = p;
        bestLen = mp.length;
      }
  return best ?? drive.partitions.find((p) => p.fsType) ?? null;
}

interface Fact {
  name: string;
  before: string | null;
  after: string | null;
}

const clean = (s: string | null | undefined): string | null => s?.trim() || null;

/** The facts that can name a drive, in the order they decide. */
function factsOf(b: DriveInfo, a: DriveInfo, fb: PartitionInfo | null, fa: PartitionInfo | null) {
  return {
    wwn: { name: 'WWN', before: clean(b.wwn), after: clean(a.wwn) },
    serial: {
      name: 'serial',
      before: clean(b.serial) && `${clean(b.model) ?? ''} ${clean(b.serial)}`.trim(),
      after: clean(a.serial) && `${clean(a.model) ?? ''} ${clean(a.serial)}`.trim(),
    },
    device: { name: 'device', before: b.path, after: a.path },
    uuid: { name: 'filesystem UUID', before: clean(fb?.uuid), after: clean(fa?.uuid) },
    size: { name: 'size', before: fmtCapacity(b.sizeBytes), after: fmtCapacity(a.sizeBytes) },
  } satisfies Record<string, Fact>;
}

const both = (f: Fact): f is Fact & { before: string; after: string } =>
  f.before !== null && f.after !== null;
const equal = (f: Fact): boolean => both(f) && f.before === f.after;
const said = (f: Fact): string =>
  equal(f) ? `${f.name} ${f.before} on both` : `${f.name} ${f.before ?? '—'} and ${f.after ?? '—'}`;

/** Which of the two runs has no drive record of its own (published figures, imported tool output). */
function noDriveRecord(before: RunDocument, after: RunDocument): string | null {
  const why = (r: RunDocument, side: string): string | null =>
    r.source.kind === 'reference'
      ? `${side} is published reference figures`
      : !r.drive
        ? `${side} records no drive${r.source.kind === 'imported' ? ' (imported tool output)' : ''}`
        : null;
  const parts = [why(before, 'the first run'), why(after, 'the second run')].filter(Boolean);
  return parts.length ? parts.join(' and ') : null;
}

export function driveIdentityOf(before: RunDocument, after: RunDocument): DriveIdentity {
  const missing = noDriveRecord(before, after);
  if (missing || !before.drive || !after.drive)
    return { same: 'unknown', facts: `Same drive or not is not known: ${missing}.` };
  const f = factsOf(
    before.drive,
    after.drive,
    partitionFor(before.drive, before.targetDir),
    partitionFor(after.drive, after.targetDir),
  );
  // The drive's own name decides when both runs have it.
  for (const id of [f.wwn, f.serial])
    if (both(id))
      return equal(id)
        ? { same: 'same', facts: `The same drive: ${said(id)}.` }
        : { same: 'different', facts: `Two drives: ${said(id)}.` };
  const tried = [f.device, f.uuid, f.size];
  const noName = 'the runs do not both record a serial or WWN';
  if (tried.every(equal))
    return {
      same: 'same',
      facts: `The same drive: ${noName}; ${tried.map(said).join(', ')}.`,
    };
  // A different filesystem or size is another drive (or the same one wiped, which is not a repeat).
  if ((both(f.uuid) && !equal(f.uuid)) || !equal(f.size))
    return { same: 'different', facts: `Two drives: ${noName}; ${tried.map(said).join(', ')}.` };
  const unknown = tried.filter((x) => !both(x)).map((x) => x.name);
  return {
    same: 'unknown',
    facts: `Same drive or not is not known: ${noName}${unknown.length ? ` or ${unknown.join(', ')}` : ''}; compared ${tried.filter(both).map(said).join(', ')}.`,
  };
}
