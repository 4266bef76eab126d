// The one table that says when a phase was disturbed, used by every surface (the verdict and so
// the screen, the PDF and the CLI; the Measure step and the CLI progress say the same line live).
// A figure whose phase was disturbed on either side is never a win, a loss or time saved.
import type { PhaseConditions } from '../schemas/conditions';
import type { RunDocument, TestResult } from '../schemas/run';
import type { Finding } from './schema';

const MB = 1e6;

/**
 * Past these a phase is "busy". Foreign I/O: other processes' bytes on the folder's device, over
 * a share of the test's own and over a floor (a journal commit or a log line is not a disturbance).
 * CPU: other programs' user time as a share of all cores. Measured here, one busy loop per core
 * beside the engine took 0.46-0.72 of it while quiet phases read 0.005-0.38: past 0.6 alone, or past
 * 0.4 when the engine's own threads also waited for a core (PSI cpu "some" over half the phase).
 */
export const CONDITION_LIMITS = {
  foreignShare: 0.1,
  // 13 MB of a random writer in a 1.4 s disk search on an HDD-like drive took half its 150 IOPS.
  foreignFloorBytes: 4 * MB,
  othersBusy: 0.6,
  othersBusyWaiting: 0.4,
  cpuPressure: 0.5,
  steal: 0.2,
  swapInPages: 1000,
  memoryPressure: 0.1,
} as const;

/** More than this share of the judged figures disturbed: the runs cannot be compared. */
export const TOO_MANY_DISTURBED = 1 / 3;

const pct = (x: number): string => `${Math.round(x * 100)} %`;
const mb = (bytes: number): string =>
  `${bytes >= 10 * MB ? Math.round(bytes / MB) : (bytes / MB).toFixed(1)} MB`;

/** "busy: 60 MB of other disk traffic during this phase", or null when the phase was quiet. */
export function busyLine(c: PhaseConditions): string | null {
  const L = CONDITION_LIMITS;
  const why: string[] = [];
  if (c.io) {
    const own = c.io.ownReadBytes + c.io.ownWriteBytes;
    const f = c.io.foreignBytes;
    if (f > L.foreignFloorBytes && f > own * L.foreignShare)
      why.push(`${mb(f)} of other disk traffic`);
  }
  const waited = c.cpu?.cpuPressure != null && c.cpu.cpuPressure > L.cpuPressure;
  if (
    c.cpu &&
    (c.cpu.othersBusy > L.othersBusy || (waited && c.cpu.othersBusy > L.othersBusyWaiting))
  )
    why.push(`other processes took ${pct(c.cpu.othersBusy)} of the CPU`);
  if (c.cpu && c.cpu.steal > L.steal) why.push(`the hypervisor took ${pct(c.cpu.steal)} (steal)`);
  if (c.memory && c.memory.swapInPages > L.swapInPages)
    why.push(`${c.memory.swapInPages} pages swapped in`);
  else if (c.memory?.memoryPressure != null && c.memory.memoryPressure > L.memoryPressure)
    why.push(`memory was short ${pct(c.memory.memoryPressure)} of the time`);
  return why.length ? `busy: ${why.join(', ')} during this phase` : null;
}

/**
 * How far past its bounds a phase was: 0 when quiet, at least 1 when busy, more the busier (the
 * largest of its measures over its bound). Of two samples of one test the lower is kept.
 */
export function disturbance(c: PhaseConditions): number {
  if (!busyLine(c)) return 0;
  const L = CONDITION_LIMITS;
  const over: number[] = [];
  if (c.io) {
    const own = c.io.ownReadBytes + c.io.ownWriteBytes;
    over.push(c.io.foreignBytes / Math.max(L.foreignFloorBytes, own * L.foreignShare));
  }
  if (c.cpu) over.push(c.cpu.othersBusy / L.othersBusy, c.cpu.steal / L.steal);
  if (c.memory)
    over.push(
      c.memory.swapInPages / L.swapInPages,
      (c.memory.memoryPressure ?? 0) / L.memoryPressure,
    );
  return Math.max(1, ...over);
}

/** Why this test's figures cannot be trusted as the drive's, or null (quiet, or not recorded). */
export function disturbanceOf(test: TestResult | undefined): string | null {
  return test?.conditions ? busyLine(test.conditions) : null;
}

/**
 * The reason a figure pairing these two tests is not compared, naming the phase and the side:
 * "the machine was busy during Cached reads (before: busy: 198 MB of other disk traffic …)".
 */
export function disturbedReason(
  beforeTest: TestResult | undefined,
  afterTest: TestResult | undefined,
): string | null {
  const b = disturbanceOf(beforeTest);
  const a = disturbanceOf(afterTest);
  if (!b && !a) return null;
  const title = (beforeTest ?? afterTest)!.title;
  const sides = [b && `before: ${b}`, a && `after: ${a}`].filter(Boolean).join('; ');
  return `the machine was busy during ${title} (${sides})`;
}

/** Whether the run recorded its phases' conditions at all (run files before it did not). */
export const conditionsRecorded = (run: RunDocument): boolean =>
  run.tests.some((t) => t.conditions !== undefined);

/** The run's disturbed phases that measured something (a skipped test has no figure), in order. */
export const disturbedTests = (run: RunDocument): TestResult[] =>
  run.tests.filter((t) => t.status === 'ok' && disturbanceOf(t) !== null);

/** Titles of the run's disturbed phases, in run order. */
export const disturbedPhases = (run: RunDocument): string[] =>
  disturbedTests(run).map((t) => t.title);

/**
 * What the verdict says about conditions: which runs recorded none (older run files: a busy
 * machine cannot be told apart there), and which phases were busy, per side.
 */
export function conditionsFindings(before: RunDocument, after: RunDocument): Finding[] {
  const out: Finding[] = [];
  const missing = [
    !conditionsRecorded(before) && 'the before-run',
    !conditionsRecorded(after) && 'the after-run',
  ].filter((x): x is string => typeof x === 'string');
  if (missing.length)
    out.push({
      kind: 'conditions',
      severity: 'info',
      title: `Conditions not recorded for ${missing.join(' and ')}`,
      detail:
        'That run file is from before Drivewise recorded what else the machine did during each phase, so a busy phase there cannot be told from the drive.',
      weight: 10,
      keys: [],
    });
  const b = disturbedPhases(before);
  const a = disturbedPhases(after);
  if (b.length || a.length)
    out.push({
      kind: 'disturbed',
      // Info: the headline and the excluded rows already carry it; nothing here is the drive's.
      severity: 'info',
      title: `The machine was busy during ${b.length + a.length} phase${b.length + a.length > 1 ? 's' : ''}`,
      detail: `${[b.length && `Before: ${b.join(', ')}`, a.length && `After: ${a.join(', ')}`].filter(Boolean).join('. ')}. Their figures are not compared and nothing is counted from them; run them again on a quiet machine.`,
      weight: 75,
      keys: [],
    });
  return out;
}
