// One host of a fleet, from its before-run (and, after the swap, its after-run): what a new drive
// would save it a year, what that drive costs, and what else to know (already an SSD, a link
// that caps the new drive, a health warning, an incomplete run). Pure: run documents in.
import { predict, type Prediction, type PredictionTarget } from '../../shared/prediction';
import type { RunDocument } from '../../shared/schemas/run';
import { usageProfile } from '../../shared/schemas/run';
import { occurrencesPerDay } from '../../shared/verdict/tasks';
import type { FleetFlag, HostAfter, HostVerdict } from '../../shared/contract/fleet';
import { implausibleAfter, implausibleWhy } from './plausible';

export interface FleetOptions {
  target: PredictionTarget;
  pricePerGB: number;
}

/** Sizes drives are sold in, GB. */
export const BUYABLE_GB = [120, 250, 500, 1000, 2000, 4000, 8000, 16000];
/** Room on top of what is used today: a drive filled to the brim is slow and soon full. */
export const HEADROOM = 1.25;
/** Under this share of the timed tasks' time saved, a host gains little or nothing. */
export const LITTLE_GAIN_SHARE = 0.1;

export function buyableGB(usedGB: number | null): number {
  const want = (usedGB ?? 0) * HEADROOM;
  return BUYABLE_GB.find((s) => s >= want) ?? BUYABLE_GB[BUYABLE_GB.length - 1]!;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function usedGBOf(run: RunDocument): number | null {
  const parts = (run.drive?.partitions ?? []).filter((p) => p.freeBytes !== null);
  if (!parts.length) return null;
  return r2(parts.reduce((a, p) => a + Math.max(0, p.sizeBytes - (p.freeBytes ?? 0)), 0) / 1e9);
}

const DEFAULT_USAGE = usageProfile.parse({});

/** Seconds a year: each task's saving times how often it happens a day and the days of use. */
function perYear(
  run: RunDocument,
  tasks: Prediction['tasks'],
  seconds: (t: Prediction['tasks'][number]) => number | null,
): { hours: number; before: number; days: number } {
  const usage = run.usage ? usageProfile.parse(run.usage) : DEFAULT_USAGE;
  let saved = 0;
  let before = 0;
  for (const t of tasks) {
    const s = seconds(t);
    if (s === null || t.beforeSeconds.median === null) continue;
    const occ = occurrencesPerDay(t.testId, t.key, usage, t.kind) * usage.workDaysPerYear;
    saved += s * occ;
    before += t.beforeSeconds.median * occ;
  }
  return { hours: saved / 3600, before: before / 3600, days: usage.workDaysPerYear };
}

function healthFlags(run: RunDocument): { flags: FleetFlag[]; notes: string[] } {
  const flags: FleetFlag[] = [];
  const notes: string[] = [];
  const checks = run.health?.checks ?? [];
  const smart = checks.filter(
    (c) => c.area === 'smart' && (c.status === 'warn' || c.status === 'fail'),
  );
  if (smart.length || run.drive?.smartHealthy === false) {
    flags.push('smart');
    notes.push(smart[0]?.summary ?? 'SMART says the drive is failing.');
  }
  const failed = checks.filter((c) => c.area !== 'smart' && c.status === 'fail');
  if (failed.length) {
    flags.push('health');
    notes.push(`Set-up check: ${failed.map((c) => c.title).join(', ')} failed.`);
  }
  return { flags, notes };
}

function incompleteWhy(run: RunDocument): string | null {
  const bad = run.tests.filter((t) => t.status === 'failed' || t.status === 'cancelled');
  if (bad.length)
    return `${bad.map((t) => `${t.testId} ${t.status}${t.error ? ` (${t.error})` : ''}`).join('; ')}.`;
  if (!run.tests.some((t) => t.kind === 'task' && t.status === 'ok'))
    return 'No task a person waits for was timed.';
  return null;
}

/**
 * Whether the after-run measured another drive: a serial, model, kind or size that differs. An
 * after-run of the same drive (the swap did not happen yet) says nothing about the prediction.
 */
export function driveSwapped(before: RunDocument, after: RunDocument): boolean {
  const b = before.drive;
  const a = after.drive;
  if (!b || !a) return true;
  if (b.serial && a.serial) return b.serial !== a.serial;
  return b.model !== a.model || b.kind !== a.kind || b.sizeBytes !== a.sizeBytes;
}

function afterOf(
  before: RunDocument,
  p: Prediction,
  after: { doc: RunDocument; file: string },
): HostAfter {
  const matched = p.tasks.filter((t) => t.measuredSeconds !== null);
  const measured = perYear(before, matched, (t) => t.beforeSeconds.median! - t.measuredSeconds!);
  const predicted = perYear(before, matched, (t) => t.savedPerOccurrence);
  // The error of the hours shown beside it, so the two columns can be read together; relative to
  // the larger of the two, so a host whose measured saving is nil or negative still gets one.
  const m = measured.hours;
  const scale = Math.max(Math.abs(m), Math.abs(predicted.hours));
  return {
    runId: after.doc.id,
    file: after.file,
    measuredHoursPerYear: r3(m),
    predictedHoursPerYear: r3(predicted.hours),
    error: scale > 0 ? Math.round(((m - predicted.hours) / scale) * 1000) / 1000 : null,
    swapped: driveSwapped(before, after.doc),
  };
}

/**
 * The year's figures of a prediction, or none for a host whose figures are past the physically
 * plausible (flagged and said in its notes: it is listed, never ranked).
 */
function figuresOf(before: RunDocument, p: Prediction | null, flags: FleetFlag[], notes: string[]) {
  const year = p ? perYear(before, p.tasks, (t) => t.savedPerOccurrence) : null;
  const odd = p ? implausibleWhy(p, year) : null;
  if (odd) {
    flags.push('implausible');
    notes.push(`Not ranked: ${odd}.`);
  }
  const hours = !odd && year && year.before > 0 ? r3(year.hours) : null;
  return {
    hoursPerYear: hours,
    secondsPerDay: year && hours !== null ? r2((year.hours * 3600) / year.days) : null,
    savedShare: year && hours !== null ? r2(year.hours / year.before) : null,
    speedups: odd ? null : (p?.speedups ?? null),
  };
}

function afterIfPlausible(
  before: RunDocument,
  p: Prediction,
  after: { doc: RunDocument; file: string },
  notes: string[],
): { after?: HostAfter } {
  const odd = implausibleAfter(p);
  if (!odd) return { after: afterOf(before, p, after) };
  notes.push(`After-run ${after.file} not compared: ${odd}.`);
  return {};
}

export function assessHost(
  before: RunDocument,
  host: string,
  file: string,
  o: FleetOptions,
  after?: { doc: RunDocument; file: string },
): HostVerdict {
  const usedGB = usedGBOf(before);
  const capacityGB = buyableGB(usedGB);
  const cost = r2(capacityGB * o.pricePerGB);
  const { flags, notes } = healthFlags(before);
  const kind = before.drive?.kind ?? null;
  if (kind === 'sata-ssd' || kind === 'nvme-ssd') flags.push('ssd');
  // A nearly full host measured with smaller sizes: the run's own note says what shrank.
  const shrunk = before.caveats.find((c) => c.startsWith('Sizes shrunk to fit'));
  if (shrunk) notes.push(shrunk);
  const why = incompleteWhy(before);
  if (why) {
    flags.push('incomplete');
    notes.push(why);
  }
  let p: Prediction | null = null;
  try {
    p = predict(before, o.target, after?.doc);
  } catch (err) {
    if (!flags.includes('incomplete')) flags.push('incomplete');
    notes.push(`No prediction: ${(err as Error).message}.`);
  }
  const fig = figuresOf(before, p, flags, notes);
  if (fig.savedShare !== null && fig.savedShare < LITTLE_GAIN_SHARE && !flags.includes('ssd'))
    flags.push('little-gain');
  const t = p?.target;
  if (
    t?.linkCeilingMBps !== null &&
    t?.linkCeilingMBps !== undefined &&
    t.linkCeilingMBps < t.seqReadMBps
  ) {
    flags.push('link-capped');
    notes.push(
      `Its ${t.bus.toUpperCase()} link caps the new drive near ${Math.round(t.linkCeilingMBps)} MB/s.`,
    );
  }
  return {
    host,
    file,
    runId: before.id,
    createdAt: before.createdAt,
    targetName: p?.target.name ?? o.target.name ?? o.target.preset,
    hostname: before.machine?.hostname ?? null,
    machineId: before.host?.machineId ?? null,
    driveKind: kind,
    driveModel: before.drive?.model ?? null,
    usedGB,
    capacityGB,
    cost,
    ...fig,
    hoursPerMoney:
      fig.hoursPerYear === null || cost <= 0 ? null : Math.max(0, fig.hoursPerYear) / cost,
    flags,
    notes,
    ...(after && p ? afterIfPlausible(before, p, after, notes) : {}),
  };
}

/** Best value first; hosts without a figure last, by name. */
export function rankHosts(hosts: HostVerdict[]): HostVerdict[] {
  return [...hosts].sort(
    (a, b) =>
      (b.hoursPerMoney ?? -1) - (a.hoursPerMoney ?? -1) ||
      (b.hoursPerYear ?? -Infinity) - (a.hoursPerYear ?? -Infinity) ||
      a.host.localeCompare(b.host),
  );
}
