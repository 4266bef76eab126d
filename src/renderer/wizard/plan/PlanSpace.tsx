// What the plan writes and needs free on the chosen folder, and the plan's own notes.
import type { BenchPlan } from '../../../shared/contract/bench';
import { folderFit, planNeed, type FolderFit } from '../../../shared/bench/plan';
import { fmtCapacity, formatDuration } from '../../../shared/format';
import { PROFILES, type ProfileId } from '../../../shared/bench/catalogue';

/** The bad-folder rule (shared/bench/plan folderFit) on this plan: the Drive step's and the run's. */
export function planFit(
  plan: BenchPlan | undefined,
  targetDir: string | null,
  folder: { writable: boolean; readOnly: boolean },
  admin: boolean,
): FolderFit {
  if (!plan || !targetDir) return { ok: true, readTestsOnly: false, message: '' };
  const facts = { path: targetDir, ...folder, freeBytes: plan.freeBytes };
  return folderFit(facts, planNeed(plan), admin);
}

export function PlanSpace(props: { plan: BenchPlan; targetDir: string | null; fit: FolderFit }) {
  const { plan, targetDir, fit } = props;
  return (
    <>
      <p className={fit.ok ? 'muted' : 'error-text'} data-testid="plan-space">
        {plan.bytesNeeded === 0
          ? 'Writes nothing in'
          : `Writes at most ${fmtCapacity(plan.bytesNeeded)} into a temporary folder in`}{' '}
        <code>{targetDir ?? '—'}</code>
        {plan.freeBytes !== null && plan.bytesNeeded > 0
          ? ` (needs ${fmtCapacity(plan.bytesRequired)} free, ${fmtCapacity(plan.freeBytes)} available)`
          : ''}
        .{' '}
        {plan.bytesNeeded > 0 &&
          'It is removed afterwards; 10 % more and 1.1 GB stay free so the disk never runs full.'}
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
    </>
  );
}

const TASK_WORDS: [string, string][] = [
  ['task.du', 'a disk search'],
  ['task.unpack', 'unpacking an archive'],
  ['task.app-start', 'starting your apps'],
];

/** The step's first line: what happens and how long, in plain words (the tools are one click away). */
export function PlanLead(props: { plan: BenchPlan | undefined; profile: ProfileId }) {
  const { plan } = props;
  if (!plan) return <p className="lead">Working out how long it takes on this drive…</p>;
  const ids = new Set(plan.tests.map((t) => t.id));
  const tasks = TASK_WORDS.filter(([id]) => ids.has(id)).map(([, w]) => w);
  return (
    <p className="lead" data-testid="plan-lead">
      <strong>
        {PROFILES[props.profile].title} takes about {formatDuration(plan.totalSeconds)}
      </strong>{' '}
      on this drive. It measures how fast the drive reads and writes
      {tasks.length ? `, then times what you wait for: ${tasks.join(', ')}` : ''}.
    </p>
  );
}
