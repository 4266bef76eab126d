// Pure text helpers of the manual-timings panel (stopwatch entry and login status line).
import type { LoginStatus } from '../../shared/contract/tasks';

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
