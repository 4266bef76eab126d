// `drivewise bench`: the same engine and history, headless.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { parseSize } from '../../../shared/bench/catalogue';
import { fmtBytes, fmtFigure } from '../../../shared/format';
import { parseApps } from '../../../shared/bench/plan';
import type { RunDocument } from '../../../shared/schemas/run';
import { UserError } from '../../core/errors';
import { checkOptions } from '../../cli/validate';
import { benchStartReq } from '../../../shared/contract/bench';
import {
  benchPreflight,
  cancelOnSignals,
  cliSaver,
  refuseEmptyDir,
  warnAboutTarget,
} from './bench-guard';
import type { CliIo, Register } from '../../cli/types';
import type { Services } from '../../core/services';
import { writeFileSafe } from '../../core/safe-write';
import { checkInventoryName } from '../../fleet/identity';
import {
  defaultBenchDeps,
  refuseUnknownTests,
  runBench,
  type BenchDeps,
  type BenchRunHooks,
} from './bench-service';
import { repeatAtEnd } from './repeat-disturbed';
import type { TaskOptions } from './task-options';
import { planBench, type ValidatedPlan } from './validated-plan';
import { defineBenchCommand, SIZE_KEYS, type BenchCliOptions } from './bench-cli-command';
import { SIZE_DEFS } from '../worker/registry';
import { loadRunRef } from '../../store/run-ref';
import { refuseSameDrive } from './bench-handlers';
import { formatDryRun, formatEta, formatRunTable } from '../../cli/format';

/** --size 512M sets every byte size; --size dd=1G,iozone=64M sets some; counts/seconds are plain numbers. */
export function parseSizes(text: string | undefined): Record<string, number> | undefined {
  if (!text) return undefined;
  try {
    return parseSizeList(text);
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`--size: ${(err as Error).message}`);
  }
}

function parseSizeList(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      const b = measurableSize('', part);
      for (const [k, d] of SIZE_DEFS) if (d.allFiles) out[k] = b;
      continue;
    }
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    const known = SIZE_KEYS.includes(key);
    if (!known && !key.startsWith('task.'))
      throw new UserError(`unknown size key "${key}" (known: ${SIZE_KEYS.join(', ')})`);
    // Counts and seconds are plain numbers; MiB sizes take a unit (512M, 1G) or count in MiB.
    const unit = SIZE_DEFS.get(key)?.unit;
    const plain = unit ? unit !== 'MiB' : key.endsWith('Seconds');
    // A task's own key without a declared unit (task.workloadFiles=1000) keeps its plain reading.
    const n = plain
      ? Number(value)
      : unit === 'MiB'
        ? measurableSize(key, value)
        : parseSize(value);
    if (!(n > 0)) throw new UserError(`--size ${key}: "${value}" is not a positive number`);
    out[key] = n;
  }
  return out;
}

const MiB = 1024 * 1024;
/** Below this a file measures the page cache and the call overhead, not the drive. */
const SMALLEST_FILE = MiB;

/** A MiB-sized value: a bare number is MiB (as the help says), and too small is refused. */
function measurableSize(key: string, value: string): number {
  const bytes = parseSize(value, MiB);
  const least = SIZE_DEFS.get(key)?.smallest ?? SMALLEST_FILE;
  if (bytes < least)
    throw new UserError(
      `--size ${key ? `${key}=` : ''}${value}: ${fmtBytes(bytes)} is too small to measure (at least ${least === MiB ? '1 MiB' : fmtBytes(least)})`,
    );
  return bytes;
}

export interface TaskFlags {
  duRoot?: string;
  systemDu?: boolean;
  tarball?: string;
  compression?: string;
  apps?: string;
}

const FLAG_TEST: Record<keyof TaskFlags, [flag: string, test: string]> = {
  duRoot: ['--du-root', 'task.du'],
  systemDu: ['--system-du', 'task.du'],
  tarball: ['--tarball', 'task.unpack'],
  compression: ['--compression', 'task.unpack'],
  apps: ['--apps', 'task.app-start'],
};

/**
 * The real-world task flags as the per-test options the wizard sends (keyed by test id). Paths are
 * made absolute against the current folder; a flag for a test the run does not include is a
 * mistake, not something to ignore silently.
 */
export function taskOptionsFromFlags(o: TaskFlags, tests: readonly string[]): TaskOptions {
  const out: TaskOptions = {};
  const add = (id: string, patch: Record<string, unknown>): void => {
    out[id] = { ...out[id], ...patch };
  };
  for (const [key, [flag, test]] of Object.entries(FLAG_TEST) as [
    keyof TaskFlags,
    [string, string],
  ][])
    if (o[key] !== undefined && !tests.includes(test))
      throw new UserError(
        `${flag} is for ${test}, which this run does not include (add it with --tests or use --profile full)`,
      );
  if (o.duRoot !== undefined) {
    const r = o.duRoot.trim();
    if (!r) throw new UserError('--du-root: give drive, usr, home, root or a folder');
    add('task.du', { duRoot: ['drive', 'usr', 'home', 'root'].includes(r) ? r : resolve(r) });
  }
  if (o.systemDu) add('task.du', { systemDu: true });
  if (o.tarball !== undefined) add('task.unpack', { tarball: resolve(o.tarball) });
  if (o.compression !== undefined) add('task.unpack', { compression: o.compression });
  if (o.apps !== undefined) {
    const apps = parseApps(o.apps);
    if (!apps.length)
      throw new UserError('--apps: give program names or commands, e.g. chromium,firefox');
    add('task.app-start', { apps });
  }
  return out;
}

export function makeRegisterBench(deps: BenchDeps = {}): Register {
  return (program: Command, services: Services, io: CliIo) => {
    const all = { ...defaultBenchDeps(services), ...deps };
    defineBenchCommand(program).action((o: BenchCliOptions) => benchAction(o, services, io, all));
  };
}

/**
 * The flags checked and turned into the plan, once and all before anything asks for a password:
 * a missing tarball or app, or a folder that is not there, is one line now.
 */
function benchPlan(o: BenchCliOptions): ValidatedPlan {
  // The app's request schema decides, so both front-ends refuse the same values.
  const { repetitions: reps } = checkOptions(
    benchStartReq.pick({ repetitions: true }),
    { repetitions: o.repetitions === undefined ? undefined : Number(o.repetitions) },
    { repetitions: '--repetitions' },
    { repetitions: o.repetitions },
  );
  const sizes = parseSizes(o.size);
  const tests = o.tests
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  // A dry run of an empty --dir plans without a folder, as it always has.
  if (!o.dryRun) refuseEmptyDir(o.dir);
  return planBench({
    targetDir: o.dir,
    profile: o.profile,
    ...(tests?.length ? { tests } : {}),
    ...(reps ? { repetitions: reps } : {}),
    ...(sizes ? { sizes } : {}),
    options: (planned) => taskOptionsFromFlags(o, planned),
  });
}

async function benchAction(
  o: BenchCliOptions,
  services: Services,
  io: CliIo,
  all: BenchDeps,
): Promise<void> {
  const plan = benchPlan(o);
  const inventoryName = checkInventoryName(o.hostName ?? services.env.DRIVEWISE_HOST_NAME);
  if (o.dryRun) return printDryRun(plan, o, io);
  // Bad input is one line: refused before the folder's warning is printed.
  refuseUnknownTests(plan.plan);
  // Store and --json writable: refused now, not after the measuring.
  await benchPreflight(services, o);
  const baseline = o.baseline ? await loadRunRef(services.runs, o.baseline) : null;
  const baselineId = baseline?.id;
  await refuseSameDrive(baseline, plan.targetDir, o.sameDrive);
  if (o.admin) {
    // A refusal is not an error: the run goes on and records what it skipped.
    const st = await services.privileged.request();
    io.err(`admin rights: ${st.state} — ${st.reason}\n`);
  }
  const ac = new AbortController();
  // Ctrl+C and a polite kill are both a cancel: the work folder must go.
  const signals = cancelOnSignals(ac);
  await warnAboutTarget(o.dir, io);
  const saver = cliSaver(services, o, io);
  const tty = process.stderr.isTTY;
  const progress = progressPrinter(io, tty);
  let doc: RunDocument | null;
  const hooks = {
    signal: ac.signal,
    onStatus: (m: string) => io.err(`${m}\n`),
    onProgress: progress.onProgress,
  };
  try {
    doc = await runBench(
      plan,
      {
        appVersion: services.version,
        save: saver.save,
        record: {
          label: o.label,
          ...(o.name ? { name: o.name } : {}),
          ...(baselineId ? { baselineId } : {}),
        },
        inventoryName,
      },
      all,
      hooks,
    );
    if (doc && o.repeatDisturbed) {
      const env = { appVersion: services.version, save: saver.save };
      const repeated = await repeatAtEnd(doc, env, all, hooks, (line) => io.err(`${line}\n`));
      if (!repeated)
        throw new UserError(
          `the repeat was cancelled: run ${doc.id} is saved with its first samples`,
          signals.exitCode(),
        );
      doc = repeated;
    }
  } finally {
    if (o.admin) services.privileged.release();
    signals.dispose();
    if (tty && progress.printed()) io.err('\n');
  }
  if (!doc)
    throw new UserError(
      'cancelled: nothing was saved and the work folder was removed',
      signals.exitCode(),
    );
  io.out(formatRunTable(doc));
  await saver.finish(doc);
}

/** --dry-run: the checked plan as text (and JSON to a file), or JSON alone with --json -. */
async function printDryRun({ plan }: ValidatedPlan, o: BenchCliOptions, io: CliIo): Promise<void> {
  if (o.json === '-') {
    io.out(JSON.stringify(plan, null, 2) + '\n');
    return;
  }
  io.out(formatDryRun(plan));
  if (o.json)
    await writeFileSafe(o.json, JSON.stringify(plan, null, 2) + '\n', {
      overwrite: o.force ?? false,
    });
}

type BenchProgress = Parameters<NonNullable<BenchRunHooks['onProgress']>>[0];

/** A terminal gets one line redrawn in place; logs get a line per test, at most one every 2 s. */
function progressPrinter(io: CliIo, tty: boolean | undefined) {
  let lastLine = '';
  let lastTest = '';
  let lastPrinted = 0;
  const onProgress = (p: BenchProgress): void => {
    // The one unit rule (shared/format): MB/s as on the Measure step, never hdparm's MiB/s.
    const live = p.liveValue ? ` ${fmtFigure(p.liveValue.value, p.liveValue.unit)}` : '';
    const line = `[${(p.overall * 100).toFixed(0).padStart(3)}%] ${p.label}${p.message ? ` (${p.message})` : ''} ${(p.fraction * 100).toFixed(0)}%${live} · ETA ${formatEta(p.etaSeconds)}`;
    if (tty && io.redraw) io.redraw(line);
    // A busy phase's closing line is always printed: it says the figure will not be compared.
    else if (
      p.testId !== lastTest ||
      Date.now() - lastPrinted >= 2000 ||
      p.message?.startsWith('busy:')
    ) {
      // Not a terminal (logs, CI): one line per test, at most one every 2 s.
      io.err(line + '\n');
      lastTest = p.testId;
      lastPrinted = Date.now();
    }
    lastLine = line;
  };
  return { onProgress, printed: () => lastLine !== '' };
}

export const registerBench: Register = makeRegisterBench();
