// Plain-language findings, ranked: what limits the new drive, what cannot be trusted, what changed.
import type { DriveInfo, PartitionInfo } from '../schemas/drive';
import type { RunDocument } from '../schemas/run';
import { spreadOfMeasurement } from './compare';
import { isDeviceRead, isSequentialRead, metricLabel, toMBps } from './metrics';
import type { Finding, MetricComparison, TaskSaving } from './schema';

/** Rated figures of the new drive, when the person entered them (datasheet). */
export interface RatedFigures {
  seqReadMBps?: number | null;
  seqWriteMBps?: number | null;
}

/** Tasks spending less than this share of their time waiting for I/O are CPU-bound. */
export const CPU_BOUND_SHARE = 0.3;
/** A sequential read at this share of the link ceiling is link-limited. */
const AT_CEILING = 0.85;
/** Above the ceiling by more than this, a "device" read cannot have come from the device. */
const ABOVE_CEILING = 1.05;
/** A device read at this share of the run's cached-read (memory) speed came from RAM. */
const MEMORY_SPEED = 0.8;

const fmt = (x: number) => (x >= 100 ? Math.round(x).toString() : x.toPrecision(3));
const pct = (x: number) => `${Math.round(x * 100)} %`;

export function linkCeilingFindings(after: RunDocument, rated: RatedFigures = {}): Finding[] {
  const link = after.drive?.link;
  const ceiling = link?.ceilingMBps ?? null;
  if (!link || ceiling === null) return [];
  const reads = after.tests
    .filter((t) => t.status === 'ok' && t.kind === 'synthetic')
    .flatMap((t) => t.measurements.filter((m) => isSequentialRead(m) && !m.suspect))
    .map((m) => ({ m, mbps: toMBps(spreadOfMeasurement(m).median ?? NaN, m.unit) }))
    .filter(
      (x): x is { m: (typeof x)['m']; mbps: number } => x.mbps !== null && Number.isFinite(x.mbps),
    );
  const best = reads.sort((a, b) => b.mbps - a.mbps)[0];
  // The detector's labels already name the bus ('SATA II 3.0 Gb/s', 'PCIe Gen3 x4 (8 GT/s)').
  const linkName = link.current?.toLowerCase().startsWith(link.bus.toLowerCase())
    ? link.current
    : [link.bus.toUpperCase(), link.current].filter(Boolean).join(' ');
  const parts: string[] = [];
  let title: string | null = null;
  if (rated.seqReadMBps && rated.seqReadMBps > ceiling * ABOVE_CEILING) {
    title = `Your ${linkName} link caps this drive near ${fmt(ceiling)} MB/s`;
    parts.push(
      `The drive is rated ${fmt(rated.seqReadMBps)} MB/s, but the link carries at most about ${fmt(ceiling)} MB/s.`,
    );
  }
  if (best && best.mbps >= ceiling * AT_CEILING && best.mbps <= ceiling * ABOVE_CEILING) {
    title ??= `Sequential reads are at your ${linkName} link's ceiling (~${fmt(ceiling)} MB/s)`;
    parts.push(
      `${metricLabel(best.m)} reached ${fmt(best.mbps)} MB/s, ${pct(best.mbps / ceiling)} of what the link allows: the link, not the drive, sets the limit.`,
    );
  }
  if (title && link.maxCeilingMBps && link.maxCeilingMBps > ceiling * 1.2)
    parts.push(
      `The drive and port could negotiate ${link.max ?? 'a faster link'} (~${fmt(link.maxCeilingMBps)} MB/s): check the cable, the port and the firmware settings.`,
    );
  else if (title) parts.push('Random access and file operations are not limited by the link.');
  return title
    ? [
        {
          kind: 'link-ceiling',
          severity: 'warn',
          title,
          detail: parts.join(' '),
          weight: 80,
          keys: [],
        },
      ]
    : [];
}

/** Reads faster than the link or as fast as RAM were served by the page cache, not the drive. */
export function cacheFindings(run: RunDocument, which: 'before' | 'after'): Finding[] {
  const ceiling = run.drive?.link?.ceilingMBps ?? null;
  const cached = run.tests
    .flatMap((t) => (t.status === 'ok' ? t.measurements : []))
    .find((m) => m.metric === 'cached_read');
  const memory = cached ? toMBps(spreadOfMeasurement(cached).median ?? NaN, cached.unit) : null;
  const out: Finding[] = [];
  for (const t of run.tests) {
    if (t.status !== 'ok' || t.kind !== 'synthetic') continue;
    // Flagged by the engine's plausibility guard: say why, once, and use the figure for nothing.
    for (const m of t.measurements.filter((x) => x.suspect))
      out.push({
        kind: 'cache-suspected',
        severity: 'bad',
        title: `Cache suspected in the ${which}-run: ${t.title}, ${metricLabel(m)}`,
        detail: `${m.suspect!.reason}. This figure is left out of the findings and the headline.`,
        weight: 95,
        keys: [],
      });
    for (const m of t.measurements.filter((x) => isDeviceRead(x) && !x.suspect)) {
      const v = toMBps(spreadOfMeasurement(m).median ?? NaN, m.unit);
      if (v === null || !Number.isFinite(v)) continue;
      let why: string | null = null;
      if (ceiling !== null && v > ceiling * ABOVE_CEILING)
        why = `${fmt(v)} MB/s is above the link ceiling of ~${fmt(ceiling)} MB/s`;
      else if (memory !== null && memory > 0 && v >= memory * MEMORY_SPEED)
        why = `${fmt(v)} MB/s is close to this machine's memory speed (${fmt(memory)} MB/s cached reads)`;
      if (why)
        out.push({
          kind: 'cache-suspected',
          severity: 'bad',
          title: `Impossible result in the ${which}-run: ${t.title}, ${metricLabel(m)}`,
          detail: `${why}: the page cache answered, not the drive. Rerun with admin rights (cache drop) or a file larger than RAM before trusting it.`,
          weight: 95,
          keys: [],
        });
    }
  }
  return out;
}

export function cpuBoundFindings(tasks: TaskSaving[]): Finding[] {
  return tasks
    .filter((t) => t.ioWaitShareBefore !== null && t.ioWaitShareBefore < CPU_BOUND_SHARE)
    .map((t) => ({
      kind: 'cpu-bound' as const,
      severity: 'info' as const,
      title: `${t.title} is CPU-bound: a faster drive barely changes it`,
      detail: `Only ${pct(t.ioWaitShareBefore!)} of its time was spent waiting for the disk on the old drive; the rest is processor work no drive can remove.`,
      weight: 60,
      keys: [t.key],
    }));
}

function partitionFor(drive: DriveInfo | null, dir: string | null): PartitionInfo | null {
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

/** Everything besides the drive that changed between the runs and can move the figures. */
export function comparabilityFindings(before: RunDocument, after: RunDocument): Finding[] {
  const changes: string[] = [];
  const diff = (what: string, a: unknown, b: unknown) => {
    if (a !== null && a !== undefined && b !== null && b !== undefined && String(a) !== String(b))
      changes.push(`${what}: ${String(a)} → ${String(b)}`);
  };
  const mb = before.machine;
  const ma = after.machine;
  diff('kernel', mb?.kernel, ma?.kernel);
  diff('CPU', mb?.cpuModel, ma?.cpuModel);
  diff('CPU cores', mb?.cpuCores, ma?.cpuCores);
  if (mb && ma && mb.ramBytes > 0 && Math.abs(mb.ramBytes - ma.ramBytes) / mb.ramBytes > 0.05)
    diff(
      'RAM',
      `${(mb.ramBytes / 2 ** 30).toFixed(1)} GiB`,
      `${(ma.ramBytes / 2 ** 30).toFixed(1)} GiB`,
    );
  const pb = partitionFor(before.drive, before.targetDir);
  const pa = partitionFor(after.drive, after.targetDir);
  diff('filesystem', pb?.fsType, pa?.fsType);
  if (pb && pa && pb.mountOptions.length && pa.mountOptions.length)
    diff(
      'mount options',
      [...pb.mountOptions].sort().join(','),
      [...pa.mountOptions].sort().join(','),
    );
  diff('I/O scheduler', before.drive?.scheduler, after.drive?.scheduler);
  diff('repetitions', before.settings.repetitions, after.settings.repetitions);
  diff('admin rights', before.privilege.state, after.privilege.state);
  const afterTests = new Map(after.tests.map((t) => [t.testId, t]));
  for (const t of before.tests) {
    const u = afterTests.get(t.testId);
    if (u && t.cache !== u.cache && t.cache !== 'n/a' && u.cache !== 'n/a')
      changes.push(`${t.title}: ${t.cache} cache → ${u.cache} cache`);
  }
  if (!changes.length) return [];
  return [
    {
      kind: 'comparability',
      severity: 'warn',
      title: 'The two runs differ in more than the drive',
      detail: `Changed between the runs: ${changes.join('; ')}. Part of the difference may come from these, not from the drive.`,
      weight: 70,
      keys: [],
    },
  ];
}

export function driveHealthFindings(after: RunDocument): Finding[] {
  const d = after.drive;
  if (!d) return [];
  const out: Finding[] = [];
  if ((d.kind === 'sata-ssd' || d.kind === 'nvme-ssd') && d.trim === false)
    out.push({
      kind: 'trim-off',
      severity: 'warn',
      title: 'TRIM is off on the new SSD',
      detail:
        'Without TRIM, write speed drops as the drive fills. Enable `fstrim.timer` (systemctl enable --now fstrim.timer) and check that the controller passes discards through.',
      weight: 65,
      keys: [],
    });
  const align = Math.max(4096, d.physicalSectorBytes ?? 0);
  for (const p of d.partitions)
    if (p.startBytes !== null && p.startBytes !== undefined && p.startBytes % align !== 0)
      out.push({
        kind: 'misaligned',
        severity: 'bad',
        title: `Partition ${p.name} is misaligned`,
        detail: `It starts at byte ${p.startBytes}, not on a ${align / 1024} KiB boundary: every write touches two physical blocks. Recreate it starting at 1 MiB (any modern partitioning tool does).`,
        weight: 75,
        keys: [],
      });
  return out;
}

export function outcomeFindings(comparisons: MetricComparison[]): Finding[] {
  const slower = comparisons.filter((c) => c.outcome === 'slower' && c.theme !== 'memory');
  if (!slower.length) return [];
  return [
    {
      kind: 'slower',
      severity: 'warn',
      title:
        slower.length === 1
          ? `Slower after the swap: ${slower[0]!.testTitle}, ${slower[0]!.label}`
          : `${slower.length} measurements are slower after the swap`,
      detail:
        slower
          .slice(0, 5)
          .map((c) => `${c.testTitle}, ${c.label}: ${(1 / (c.speedup ?? 1)).toFixed(2)}× slower`)
          .join('; ') +
        (slower.length > 5 ? `; and ${slower.length - 5} more (see the table)` : ''),
      weight: 50,
      keys: slower.map((c) => c.key),
    },
  ];
}
