// What the plan writes and needs free on the chosen folder, and the plan's own notes.
import type { BenchPlan } from '../../../shared/contract/bench';
import { folderFit, type FolderFit } from '../../../shared/bench/plan';
import { fmtBytes } from '../../../shared/format';

/** The bad-folder rule (shared/bench/plan folderFit) on this plan: the Drive step's and the run's. */
export function planFit(
  plan: BenchPlan | undefined,
  targetDir: string | null,
  folder: { writable: boolean; readOnly: boolean },
  admin: boolean,
): FolderFit {
  if (!plan || !targetDir) return { ok: true, readTestsOnly: false, message: '' };
  const tests = plan.tests.map((t) => t.id);
  const facts = { path: targetDir, ...folder, freeBytes: plan.freeBytes };
  return folderFit(facts, { tests, bytesRequired: plan.bytesRequired }, admin);
}

export function PlanSpace(props: { plan: BenchPlan; targetDir: string | null; fit: FolderFit }) {
  const { plan, targetDir, fit } = props;
  return (
    <>
      <p className={fit.ok ? 'muted' : 'error-text'} data-testid="plan-space">
        {plan.bytesNeeded === 0
          ? 'Writes nothing in'
          : `Writes at most ${fmtBytes(plan.bytesNeeded)} into a temporary folder in`}{' '}
        <code>{targetDir ?? '—'}</code>
        {plan.freeBytes !== null && plan.bytesNeeded > 0
          ? ` (needs ${fmtBytes(plan.bytesRequired)} free, ${fmtBytes(plan.freeBytes)} available)`
          : ''}
        .
      </p>
      {!fit.ok && (
        <p className="error-text" role="alert" data-testid="plan-refusal">
          {fit.message}
        </p>
      )}
      {plan.notes
        .filter((n) => !n.startsWith('Writes at most'))
        .map((n) => (
          <p key={n} className="muted" data-testid="plan-note">
            {n}
          </p>
        ))}
      {plan.bytesNeeded > 0 && (
        <p className="muted small" data-testid="plan-space-why">
          What it writes is removed afterwards; 10 % more and 1 GiB are kept free so the disk never
          runs full during the run.
        </p>
      )}
    </>
  );
}
