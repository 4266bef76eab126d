// What the plan writes and needs free on the chosen folder, and the plan's own notes.
import type { BenchPlan } from '../../../shared/contract/bench';
import { fmtBytes } from '../../../shared/format';

/** True when the folder has less free space than even the smallest sizes need. */
export const tooLittleSpace = (plan: BenchPlan | undefined): boolean =>
  !!plan && plan.freeBytes !== null && plan.freeBytes < plan.bytesRequired;

export function PlanSpace({ plan, targetDir }: { plan: BenchPlan; targetDir: string | null }) {
  const short = tooLittleSpace(plan);
  return (
    <>
      <p className={short ? 'error-text' : 'muted'} data-testid="plan-space">
        Writes at most {fmtBytes(plan.bytesNeeded)} into a temporary folder in{' '}
        <code>{targetDir ?? '—'}</code>
        {plan.freeBytes !== null
          ? ` (needs ${fmtBytes(plan.bytesRequired)} free, ${fmtBytes(plan.freeBytes)} available)`
          : ''}
        {short
          ? ': not enough free space even at the smallest sizes — free some space or pick another folder.'
          : '.'}
      </p>
      {plan.notes
        .filter((n) => !n.startsWith('Writes at most'))
        .map((n) => (
          <p key={n} className="muted" data-testid="plan-note">
            {n}
          </p>
        ))}
      <p className="muted small" data-testid="plan-space-why">
        {plan.notes.find((n) => n.startsWith('Writes at most'))}
      </p>
    </>
  );
}
