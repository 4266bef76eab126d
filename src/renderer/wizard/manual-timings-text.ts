// Pure text helpers of the manual-timings panel (stopwatch entry and login status line).
import type { LoginStatus } from '../../shared/contract/tasks';
import { describeForm } from '../../shared/prediction/model-form';
import { STOPWATCH_KINDS, TASK_KINDS } from '../../shared/prediction/task-kinds';

/** The kinds a stopwatch timing can have, with what each implies (shown in the picker). */
export const STOPWATCH_KIND_CHOICES = STOPWATCH_KINDS.map((k) => ({
  kind: k as 'boot' | 'login' | 'app-start' | 'copy' | 'build' | 'other',
  label: TASK_KINDS[k].label,
  hint: `counted ${TASK_KINDS[k].perDay}× a day unless your usage profile says otherwise; ${diskShareText(k)}`,
}));

/** What the prediction assumes about the kind's disk time, in the model's own terms. */
function diskShareText(k: (typeof STOPWATCH_KINDS)[number]): string {
  const f = TASK_KINDS[k];
  return f.model.form === 'share'
    ? `about ${Math.round(f.ioShare * 100)} % of it is disk time on a hard disk`
    : `it spends ${describeForm(f.model)} whatever the drive; the rest waits for the disk`;
}

/** A guess of the kind from the title, so "Boot to login screen" starts as a boot. */
export function guessKind(title: string): (typeof STOPWATCH_KIND_CHOICES)[number]['kind'] {
  const t = title.toLowerCase();
  if (/\bboot|grub|bios|power.?on|startup\b/.test(t)) return 'boot';
  if (/\blog ?in\b|desktop/.test(t)) return 'login';
  if (/\bcopy|transfer|backup\b/.test(t)) return 'copy';
  if (/\b(build|compil|make\b|test suite)/.test(t)) return 'build';
  if (/\b(start|open|launch|load)/.test(t)) return 'app-start';
  return 'other';
}

/** Seconds typed as "27, 26.5 1:05" (m:ss allowed), as the seeds timed them with a stopwatch. */
export function parseSeconds(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const p of parts) {
    const m = /^(?:(\d+):)?(\d+(?:\.\d+)?)$/.exec(p);
    if (!m) return null;
    const v = Number(m[1] ?? 0) * 60 + Number(m[2]);
    if (!(v > 0)) return null;
    out.push(v);
  }
  return out;
}

/** One line on where timed logins go: this run (named), another run, or a run of their own. */
export function loginStatusText(s: LoginStatus | null, runId: string): string {
  if (!s) return '…';
  const n = s.pending;
  const waiting = n ? ` ${n} login${n > 1 ? 's' : ''} waiting to be stored.` : '';
  if (!s.armed)
    return `Timing is off. Once on, each login is added to this run, so the verdict can compare logins before and after the swap.${waiting}`;
  const t = s.target;
  if (t?.runId === runId)
    return `Timing is on: your next logins will be added to “${t.label ?? runId}”.${waiting}`;
  if (t?.label)
    return `Timing is on, but your logins go to “${t.label}”, not to this run.${waiting}`;
  return `Timing is on, but your logins are stored as a run of their own, not in this run.${waiting}`;
}
