// Plain-language findings, ranked: what limits the new drive, what cannot be trusted, what changed.
import { disturbanceOf } from './conditions';
import { partitionFor } from './identity';
import type { RunDocument, TestResult } from '../schemas/run';
import { figureLabel, labelText } from '../labels';
import { spreadOfMeasurement } from './compare';
import { formatSeconds } from '../format/duration';
import { isSequentialRead, metricKey, metricLabel, toMBps } from './metrics';
import { ABOVE_CEILING } from './suspect';
import { exclusionOf, suspectFigures } from './suspect';
import { ratioWords } from './themes';
import type { Finding, TaskSaving, ThemeHeadline } from './schema';
import { CPU_BOUND_SHARE } from './tasks';
import { fmtNum, fmtRam, fmtRatio } from '../format';

/** Rated figures of the new drive, when the person entered them (datasheet). */
export interface RatedFigures {
  seqReadMBps?: number | null;
  seqWriteMBps?: number | null;
}

/** A sequential read at this share of the link ceiling is link-limited. */
const AT_CEILING = 0.85;

const pct = (x: number) => `${Math.round(x * 100)} %`;

export function linkCeilingFindings(after: RunDocument, rated: RatedFigures = {}): Finding[] {
  const link = after.drive?.link;
  const ceiling = link?.ceilingMBps ?? null;
  if (!link || ceiling === null) return [];
  const reads = after.tests
    .filter((t) => t.status === 'ok' && t.kind === 'synthetic')
    .flatMap((t) => t.measurements.filter((m) => isSequentialRead(m) && !exclusionOf(after, t, m)))
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
    title = `Your ${linkName} link caps this drive near ${fmtNum(ceiling)} MB/s`;
    parts.push(
      `The drive is rated ${fmtNum(rated.seqReadMBps)} MB/s, but the link carries at most about ${fmtNum(ceiling)} MB/s.`,
    );
  }
  if (best && best.mbps >= ceiling * AT_CEILING && best.mbps <= ceiling * ABOVE_CEILING) {
    title ??= `Sequential reads are at your ${linkName} link's ceiling (~${fmtNum(ceiling)} MB/s)`;
    parts.push(
      `${metricLabel(best.m)} reached ${fmtNum(best.mbps)} MB/s, ${pct(best.mbps / ceiling)} of what the link allows: the link, not the drive, sets the limit.`,
    );
  }
  if (title && link.maxCeilingMBps && link.maxCeilingMBps > ceiling * 1.2)
    parts.push(
      `The drive and port could negotiate ${link.max ?? 'a faster link'} (~${fmtNum(link.maxCeilingMBps)} MB/s): check the cable, the port and the firmware settings.`,
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

/**
 * Figures the page cache answered (flagged by the engine or caught by the same guard here): said
 * once per run, with the reason, so the person knows why they are not compared.
 */
export function cacheFindings(run: RunDocument, which: 'before' | 'after'): Finding[] {
  // A busy phase explains an odd figure better than a cache does (a CPU hog slows the Q1 test
  // the seeker check is set against): it is named once, as busy, not again as a cache hit.
  const quiet = suspectFigures(run).filter(({ test }) => disturbanceOf(test) === null);
  return quiet.map(({ test, reason, m }) => ({
    kind: 'cache-suspected' as const,
    severity: 'bad' as const,
    title: `Not the drive, in the ${which}-run: ${labelText(figureLabel(test.testId, m, test.tool))}`,
    detail: `${reason}. ${cacheAdvice(run.privilege.state, test.cache)}`,
    weight: 95,
    keys: [metricKey(test.testId, m)],
  }));
}

/**
 * What to do about a cache hit follows from what the run did: "Rerun with admin rights (cache
 * drop)" was printed for a run that had them and had dropped the caches.
 */
export function cacheAdvice(
  privilege: RunDocument['privilege']['state'],
  cache: TestResult['cache'],
): string {
  const below =
    "a cache below it answered (the drive's own, or the memory behind a virtual or loop disk), not the drive: this figure is left out of the comparison. Rerunning with admin rights would not change that; a test area larger than that cache would.";
  // Direct I/O reads around the page cache whatever the rights: only a cache below it is left.
  if (cache === 'bypassed') return `This test read around the page cache (direct I/O), so ${below}`;
  if (privilege === 'granted' && cache === 'cold')
    return `Admin rights were granted and the page cache was dropped before this test, so ${below}`;
  const why =
    privilege === 'granted'
      ? 'the page cache could not be dropped before this test'
      : privilege === 'unavailable'
        ? 'admin rights were not available to this run, so the page cache was not dropped'
        : privilege === 'declined'
          ? 'admin rights were declined, so the page cache was not dropped'
          : 'admin rights were not asked for, so the page cache was not dropped';
  return `The page cache answered, not the drive (${why}): this figure is left out of the comparison. Rerun with admin rights (cache drop) or a larger file before trusting it.`;
}

export function cpuBoundFindings(tasks: TaskSaving[]): Finding[] {
  return tasks
    .filter((t) => t.ioWaitShareBefore !== null && t.ioWaitShareBefore < CPU_BOUND_SHARE)
    .map((t) => {
      // Timed faster on both drives: say so, so the finding never contradicts the task table
      // ("barely changes it" beside "1.4× faster, 12 s saved each time").
      const faster =
        t.basis === 'measured' && t.outcome === 'faster' && t.speedup !== null && t.speedup > 1;
      const measured = faster
        ? ` Here it went ${formatSeconds(t.beforeSeconds.median ?? 0)} → ${formatSeconds(t.afterSeconds.median ?? 0)}: the disk part shrank, the processor part did not.`
        : '';
      return {
        kind: 'cpu-bound' as const,
        severity: 'info' as const,
        title: faster
          ? `${t.title} is CPU-bound: ${fmtRatio(t.speedup)} faster, the rest is processor work`
          : `${t.title} is CPU-bound: a faster drive barely changes it`,
        detail: `Only ${pct(t.ioWaitShareBefore!)} of its time was spent waiting for the disk on the old drive; the rest is processor work no drive can remove.${measured}`,
        weight: 60,
        keys: [t.key],
      };
    });
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
    diff('RAM', fmtRam(mb.ramBytes), fmtRam(ma.ramBytes));
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

/** Slower themes (their median, not one noisy figure) and tasks measured slower on both drives. */
export function outcomeFindings(headlines: ThemeHeadline[], tasks: TaskSaving[]): Finding[] {
  const themes = headlines.filter((h) => h.outcome === 'slower');
  const slowTasks = tasks.filter((t) => t.basis === 'measured' && t.outcome === 'slower');
  const parts = [
    ...themes.map((h) => ({
      words: `${h.words}: ${ratioWords({ ...h, median: 1 / h.median, min: 1 / h.max, max: 1 / h.min })} slower`,
      keys: h.keys,
    })),
    ...slowTasks.map((t) => ({
      words: `${t.title}: ${formatSeconds(t.beforeSeconds.median!)} → ${formatSeconds(t.afterSeconds.median!)}`,
      keys: [t.key],
    })),
  ];
  if (!parts.length) return [];
  return [
    {
      kind: 'slower',
      severity: 'warn',
      title:
        parts.length === 1
          ? `Slower after the swap: ${parts[0]!.words.split(':')[0]}`
          : `${parts.length} kinds of work are slower after the swap`,
      detail: parts.map((p) => p.words).join('; ') + '.',
      weight: 50,
      keys: parts.flatMap((p) => p.keys),
    },
  ];
}

/** Timings on one side only: said as such, with how the other side was estimated. */
export function oneSideFindings(tasks: TaskSaving[]): Finding[] {
  const one = tasks.filter((t) => t.side !== 'both');
  if (!one.length) return [];
  const list = (side: TaskSaving['side']) =>
    one
      .filter((t) => t.side === side)
      .map((t) => `“${t.title}”`)
      .join(', ');
  const before = list('before-only');
  const after = list('after-only');
  return [
    {
      kind: 'comparability',
      severity: 'info',
      title: `${one.length} timing${one.length > 1 ? 's were' : ' was'} taken on one drive only`,
      detail: [
        before && `Timed before the swap only: ${before}.`,
        after && `Timed after the swap only: ${after}.`,
        one.every((t) => t.savedPerDay === null)
          ? 'These runs share no drive figure, so their other side is not estimated; time the same titles on both drives to measure them.'
          : 'Their other side is estimated from the drive figures and marked "estimated"; time the same titles on both drives to measure them.',
      ]
        .filter(Boolean)
        .join(' '),
      weight: 55,
      keys: one.map((t) => t.key),
    },
  ];
}
