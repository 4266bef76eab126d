// `drivewise bench`: the same engine and history, headless.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { fmtFigure } from '../../../shared/format';
import { parseApps } from '../../../shared/bench/plan';
import { overOptions, planOfRun } from '../../../shared/bench/repeat-plan';
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
import { defineBenchCommand, type BenchCliOptions } from './bench-cli-command';
import { parseSizes } from './bench-cli-sizes';
import { loadRunRef } from '../../store/run-ref';
import { refuseSameDrive } from './bench-handlers';
import { formatDryRun, formatEta, formatRunTable } from '../../cli/format';

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
 * a missing tarball or app, or a folder that is not there, is one line now. With --baseline and
 * no plan flags, the baseline's plan runs again, as the wizard's "Measure again" runs it.
 */
function benchPlan(o: BenchCliOptions, baseline: RunDocument | null): ValidatedPlan {
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
  const flagged = o.profile !== undefined || !!tests?.length || !!reps || !!sizes;
  const repeat = baseline && !flagged ? planOfRun(baseline) : null;
  const fromFlags = (planned: readonly string[]) => taskOptionsFromFlags(o, planned);
  return planBench({
    targetDir: o.dir,
    ...(repeat?.plan ?? {
      profile: o.profile ?? 'quick',
      ...(tests?.length ? { tests } : {}),
      ...(reps ? { repetitions: reps } : {}),
      ...(sizes ? { sizes } : {}),
    }),
    options: (planned) =>
      repeat ? overOptions(repeat.options, fromFlags(planned)) : fromFlags(planned),
  });
}

async function benchAction(
  o: BenchCliOptions,
  services: Services,
  io: CliIo,
  all: BenchDeps,
): Promise<void> {
  const baseline = o.baseline ? await loadRunRef(services.runs, o.baseline) : null;
  const plan = benchPlan(o, baseline);
  const inventoryName = checkInventoryName(o.hostName ?? services.env.DRIVEWISE_HOST_NAME);
  if (o.dryRun) return printDryRun(plan, o, io);
  // Bad input is one line: refused before the folder's warning is printed.
  refuseUnknownTests(plan.plan);
  // Store and --json writable: refused now, not after the measuring.
  await benchPreflight(services, o);
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
