// `drivewise fleet`: a folder of before-runs (and one of after-runs) into a ranked decision. Each
// host's newest run counts; before and after are matched by inventory name (a fresh install on
// the new drive changes the machine id), falling back to the hostname.
import type { PredictionTarget } from '../../shared/prediction';
import { median } from '../../shared/stats';
import {
  worthANewDrive,
  type FailedHost,
  type FleetReport,
  type HostVerdict,
  type SkippedFile,
} from '../../shared/contract/fleet';
import { rankHosts } from './assess';
import { runFleetJob } from './pool';
import type { FleetJob } from './work';

export interface FleetRequest {
  dir: string;
  /** Only these runs of `dir` (the app's history), each host named by what its run says. */
  runIds?: string[] | undefined;
  afterDir?: string | undefined;
  target: PredictionTarget;
  pricePerGB: number;
  currency: string;
  /** From this many hours saved a year a host counts as worth a new drive. */
  minHoursPerYear: number;
}

interface Newest {
  file: string;
  /** The controller's fetch time where the file name has it, else the run's date. */
  at: string;
}

/** Keeps the newest run per host; the older one goes to `skipped` with the reason. */
function newer(
  map: Map<string, Newest>,
  host: string,
  cand: Newest,
  skipped: SkippedFile[],
  prefix: string,
): boolean {
  const had = map.get(host);
  const why = `is an older run of ${host} (the newest is used)`;
  if (had && had.at >= cand.at) {
    skipped.push({ file: prefix + cand.file, why });
    return false;
  }
  if (had) skipped.push({ file: prefix + had.file, why });
  map.set(host, cand);
  return true;
}

async function indexAfter(job: FleetJob, skipped: SkippedFile[]) {
  const byHost = new Map<string, Newest>();
  const seen = await runFleetJob(job, (r) => {
    if (r.kind === 'skip') skipped.push({ file: `after/${r.file}`, why: r.why });
    else if (r.kind === 'failed')
      skipped.push({ file: `after/${r.file}`, why: `says ${r.host} was not measured: ${r.why}` });
    else newer(byHost, r.host, { file: r.file, at: r.at }, skipped, 'after/');
  });
  return { byHost, seen };
}

/** Failures newer than the host's newest run (or of hosts without one); earlier ones are skipped. */
function failuresOf(
  failures: FailedHost[],
  newest: Map<string, Newest>,
  skipped: SkippedFile[],
): FailedHost[] {
  const latest = new Map<string, FailedHost>();
  for (const f of failures) {
    const had = latest.get(f.host);
    const [keep, drop] = had && had.at >= f.at ? [had, f] : [f, had];
    if (drop) skipped.push({ file: drop.file, why: `is an earlier failure of ${drop.host}` });
    latest.set(f.host, keep);
  }
  const out: FailedHost[] = [];
  for (const f of latest.values()) {
    const run = newest.get(f.host);
    if (run && run.at > f.at)
      skipped.push({
        file: f.file,
        why: `is an earlier failure of ${f.host} (a later run is used)`,
      });
    else out.push(f);
  }
  return out.sort((a, b) => a.host.localeCompare(b.host));
}

function totalsOf(hosts: HostVerdict[], minHoursPerYear: number): FleetReport['totals'] {
  // Only real swaps say how good the prediction was: an after-run of the same drive does not.
  const errors = hosts.flatMap((h) =>
    h.after?.swapped && h.after.error != null ? [h.after.error] : [],
  );
  const med = median(errors);
  const worth = hosts.filter((h) => worthANewDrive(h, minHoursPerYear));
  return {
    hosts: hosts.length,
    worthIt: worth.length,
    minHoursPerYear,
    notSwapped: hosts.filter((h) => h.after && !h.after.swapped).length,
    hoursPerYear: Math.round(worth.reduce((a, h) => a + (h.hoursPerYear ?? 0), 0) * 1000) / 1000,
    cost: Math.round(worth.reduce((a, h) => a + h.cost, 0) * 100) / 100,
    medianError: med === null ? null : Math.round(med * 1000) / 1000,
    medianAbsError: errors.length ? Math.round(median(errors.map(Math.abs))! * 1000) / 1000 : null,
  };
}

function fleetNotes(hosts: HostVerdict[]): string[] {
  const byId = new Map<string, string[]>();
  for (const h of hosts)
    if (h.machineId) byId.set(h.machineId, [...(byId.get(h.machineId) ?? []), h.host]);
  const clones = [...byId.values()].filter((v) => v.length > 1);
  return clones.length
    ? [
        `${clones.reduce((a, c) => a + c.length, 0)} hosts share a machine id with another (cloned machines): told apart by their inventory names.`,
      ]
    : [];
}

export async function evaluateFleet(req: FleetRequest): Promise<FleetReport> {
  const skipped: SkippedFile[] = [];
  const o = { target: req.target, pricePerGB: req.pricePerGB };
  const after = req.afterDir
    ? await indexAfter({ ...o, dir: req.afterDir, mode: 'after' }, skipped)
    : null;
  const newest = new Map<string, Newest>();
  const verdicts = new Map<string, HostVerdict>();
  const job: FleetJob = {
    ...o,
    dir: req.dir,
    ...(req.runIds ? { files: req.runIds.map((id) => `${id}.json`), ownNames: true } : {}),
    mode: 'before',
    afterDir: req.afterDir,
    afterIndex: after
      ? Object.fromEntries([...after.byHost].map(([h, n]) => [h, n.file]))
      : undefined,
  };
  let targetName = req.target.name ?? req.target.preset;
  const failures: FailedHost[] = [];
  const seen = await runFleetJob(job, (r) => {
    if (r.kind === 'skip') return void skipped.push({ file: r.file, why: r.why });
    if (r.kind === 'failed')
      return void failures.push({ host: r.host, file: r.file, why: r.why, at: r.at });
    if (!newer(newest, r.host, { file: r.file, at: r.at }, skipped, '')) return;
    if (r.verdict) {
      verdicts.set(r.host, r.verdict);
      targetName = r.verdict.targetName;
    }
  });
  const hosts = rankHosts([...verdicts.values()]);
  const unmatchedAfter = after ? [...after.byHost.keys()].filter((h) => !verdicts.has(h)) : [];
  return {
    dir: req.dir,
    afterDir: req.afterDir ?? null,
    targetName,
    pricePerGB: req.pricePerGB,
    currency: req.currency,
    filesSeen: seen + (after?.seen ?? 0),
    hosts,
    failed: failuresOf(failures, newest, skipped),
    skipped: skipped.sort((a, b) => a.file.localeCompare(b.file)),
    unmatchedAfter: unmatchedAfter.sort(),
    totals: totalsOf(hosts, req.minHoursPerYear),
    notes: fleetNotes(hosts),
  };
}
