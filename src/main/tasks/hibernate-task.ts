// Task 5 — hibernate and resume, read back from the journal (the kernel logs its own image I/O).
import type { TestResult } from '../../shared/schemas/run';
import type { PrivilegedOps, TestModule } from '../engine/types';
import { measure, notAvailable } from './common';
import { execText, systemdBooted, type ExecFn } from './exec-text';
import { journalUnavailable, parseSleepCycles, type SleepCycle } from './sleep-readers';

/** What both journal paths search for (kernel PM lines and systemd-sleep's messages). */
export const SLEEP_GREP =
  'PM: (hibernation|suspend)|hibernation (entry|exit)|kbytes in|systemd-sleep|sleep (state|operation)';
const METHOD = 'journal: kernel PM lines (image written/read) and systemd-sleep, realtime stamps';

export async function readJournal(
  privileged: PrivilegedOps | null,
  exec: ExecFn = execText,
  signal?: AbortSignal,
): Promise<{ text: string } | { reason: string }> {
  if (privileged?.journal) {
    try {
      return { text: await privileged.journal({ grep: SLEEP_GREP, boots: 10 }) };
    } catch {
      /* fall back to what the person may read themselves */
    }
  }
  const r = await exec(
    'journalctl',
    // No -q: its 'No journal files' and 'not seeing messages from the system' notices are the
    // only way to tell "never hibernated" from "cannot see the kernel log".
    ['--no-pager', '-o', 'short-unix', '--grep', SLEEP_GREP, '-n', '5000'],
    signal,
  );
  if (r.missing) return { reason: 'journalctl is not installed' };
  const why = journalUnavailable(r.stdout, r.stderr);
  if (why) return { reason: why };
  return { text: r.stdout };
}

export function hibernateResult(cycles: SleepCycle[], partialJournal: boolean): TestResult {
  const hib = cycles.filter((c) => c.kind === 'hibernate' || c.kind === 'suspend-then-hibernate');
  const suspends = cycles.filter((c) => c.kind === 'suspend').length;
  const extra = {
    hibernations: hib.length,
    suspends,
    cycles: cycles.slice(-20),
  };
  if (hib.length === 0)
    return notAvailable(
      hibernateTask,
      METHOD,
      'this machine has not hibernated (in the journal)',
      extra,
    );
  const write = hib.map((c) => c.writeSeconds ?? null);
  const read = hib.map((c) => c.readSeconds ?? null);
  const both = hib.map((c) =>
    c.writeSeconds !== undefined && c.readSeconds !== undefined
      ? c.writeSeconds + c.readSeconds
      : null,
  );
  const caveats: string[] = [];
  if (partialJournal)
    caveats.push('read without admin rights: the kernel part of the journal may be missing');
  if (both.every((x) => x === null))
    caveats.push(
      'the image write/read times are not in the journal (the kernel logs them while the journal is frozen, or in the boot that restores the image): time hibernate and resume with the stopwatch; the image size is known',
    );
  return {
    testId: hibernateTask.id,
    title: hibernateTask.title,
    kind: 'task',
    tool: hibernateTask.tool,
    method: METHOD,
    status: 'ok',
    caveats,
    cache: 'cold',
    measurements: [
      measure('wall_time', 's', 'lower', both, {
        label: 'image write + read (hibernate + resume)',
      }),
      measure('hibernate_write', 's', 'lower', write, { label: 'writing the image' }),
      measure('resume_read', 's', 'lower', read, { label: 'reading the image back' }),
      measure(
        'image_kb',
        'KiB',
        'lower',
        hib.map((c) => c.wroteKB ?? c.readKB ?? (c.imagePages ? c.imagePages * 4 : null)),
      ),
    ],
    ioWaitShare: null,
    bytesWritten: 0,
    extra,
  };
}

export const hibernateTask: TestModule = {
  id: 'task.hibernate',
  title: 'Hibernate and resume',
  kind: 'task',
  tool: 'journalctl',
  description: 'Reads the last hibernate and resume cycles from the system journal.',
  // A journal search over 10 boots; without systemd, journalctl answers at once (0.22–0.25 s).
  estimateSeconds: () => (systemdBooted() ? 2 : 0.3),
  bytesNeeded: () => 0,
  async run(ctx) {
    const j = await readJournal(ctx.privileged, execText, ctx.signal);
    if ('reason' in j) return notAvailable(hibernateTask, METHOD, j.reason);
    return hibernateResult(parseSleepCycles(j.text), !ctx.privileged?.journal);
  },
};
