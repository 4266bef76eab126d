// `drivewise fleet`: a folder of before-runs (and one of after-runs) into a ranked decision. Each
// host's newest run counts; before and after are matched by inventory name (a fresh install on
// the new drive changes the machine id), falling back to the hostname.
import { resolveTarget, type PredictionTarget } from '../../shared/prediction';
import type { RunDocument } from '../../shared/schemas/run';
import { median } from '../../shared/stats';
import { assessHost, hostNameOf, rankHosts, type HostVerdict } from './assess';
import { readRunFileAt, streamRuns, type SkippedFile } from './load';

export interface FleetRequest {
  dir: string;
  afterDir?: string | undefined;
  target: PredictionTarget;
  pricePerGB: number;
  currency: string;
}

export interface FleetReport {
  dir: string;
  afterDir: string | null;
  targetName: string;
  pricePerGB: number;
  currency: string;
  filesSeen: number;
  hosts: HostVerdict[];
  skipped: SkippedFile[];
  /** After-runs whose host has no before-run. */
  unmatchedAfter: string[];
  totals: {
    hosts: number;
    worthIt: number;
    hoursPerYear: number;
    cost: number;
    /** Median over swapped hosts of (measured − predicted) / measured after-times. */
    medianError: number | null;
    medianAbsError: number | null;
  };
  notes: string[];
}

interface Newest {
  file: string;
  createdAt: string;
}

/** Keeps the newest run per host; the older one goes to `skipped` with the reason. */
function newer(
  map: Map<string, Newest>,
  host: string,
  cand: Newest,
  skipped: SkippedFile[],
): boolean {
  const had = map.get(host);
  if (had && had.createdAt >= cand.createdAt) {
    skipped.push({ file: cand.file, why: `is an older run of ${host} (the newest is used)` });
    return false;
  }
  if (had) skipped.push({ file: had.file, why: `is an older run of ${host} (the newest is used)` });
  map.set(host, cand);
  return true;
}

const wrongSide = (doc: RunDocument, side: 'before' | 'after', flag: string): string | null =>
  doc.label === side ? `is an ${side}-run (give its folder ${flag})` : null;

async function indexAfter(dir: string, skipped: SkippedFile[]) {
  const byHost = new Map<string, Newest>();
  const seen = await streamRuns(
    dir,
    (doc, file) => {
      const wrong = wrongSide(doc, 'before', 'as DIR');
      if (wrong) skipped.push({ file: `after/${file}`, why: wrong });
      else newer(byHost, hostNameOf(doc, file), { file, createdAt: doc.createdAt }, skipped);
    },
    (s) => skipped.push({ file: `after/${s.file}`, why: s.why }),
  );
  return { byHost, seen };
}

function totalsOf(hosts: HostVerdict[]): FleetReport['totals'] {
  const errors = hosts.flatMap((h) => (h.after?.error != null ? [h.after.error] : []));
  const med = median(errors);
  const worth = hosts.filter((h) => (h.hoursPerYear ?? 0) > 0 && !h.flags.includes('little-gain'));
  return {
    hosts: hosts.length,
    worthIt: worth.length,
    hoursPerYear: Math.round(worth.reduce((a, h) => a + (h.hoursPerYear ?? 0), 0) * 10) / 10,
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
  const after = req.afterDir ? await indexAfter(req.afterDir, skipped) : null;
  const newest = new Map<string, Newest>();
  const verdicts = new Map<string, HostVerdict>();
  const o = { target: req.target, pricePerGB: req.pricePerGB };
  let targetName = req.target.name ?? req.target.preset;
  const seen = await streamRuns(
    req.dir,
    async (doc, file) => {
      const wrong = wrongSide(doc, 'after', 'with --after');
      if (wrong) return void skipped.push({ file, why: wrong });
      const host = hostNameOf(doc, file);
      if (!newer(newest, host, { file, createdAt: doc.createdAt }, skipped)) return;
      const af = after?.byHost.get(host);
      const afterDoc = af && req.afterDir ? await readRunFileAt(req.afterDir, af.file) : null;
      const a = afterDoc && 'schema' in afterDoc ? { doc: afterDoc, file: af!.file } : undefined;
      // Another run of the same host may have overtaken this one while the after-run was read.
      if (newest.get(host)?.file !== file) return;
      verdicts.set(host, assessHost(doc, file, o, a));
      targetName = resolveTarget(req.target, doc).name;
    },
    (s) => skipped.push(s),
  );
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
    skipped: skipped.sort((a, b) => a.file.localeCompare(b.file)),
    unmatchedAfter: unmatchedAfter.sort(),
    totals: totalsOf(hosts),
    notes: fleetNotes(hosts),
  };
}
