// The Plan step's container: the wizard's choices and bench.plan's answers (usePlans) in, the
// views (profiles, tests, task choices, space) out.
import { useApp } from '../store';
import { useSetup } from '../setup-store';
import { UsageForm } from './UsageForm';
import { useWizard } from './wizard-store';
import { PlanLead, PlanSpace, planFit } from './plan/PlanSpace';
import { ProfilePicker } from './plan/ProfilePicker';
import { TaskOptions } from './plan/TaskOptions';
import { TestPicker } from './plan/TestPicker';
import { useBenchCatalogue, usePlans } from './plan/use-plans';
import './PlanStep.css';

export function PlanStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const targetDir = useSetup((s) => s.targetDir);
  const writable = useSetup((s) => s.resolved?.writable ?? true);
  const readOnly = useSetup((s) => s.resolved?.readOnly ?? false);
  const admin = useSetup((s) => s.admin);
  const probing = useSetup((s) => !!s.targetDir && s.probing === s.targetDir);
  const w = useWizard();
  const { catalogue, error } = useBenchCatalogue();
  const { plans, planError, pending } = usePlans(targetDir);
  const { profile, tests } = w;
  const plan = plans[profile];
  const chosen = new Set(plan?.tests.map((t) => t.id) ?? []);
  // A click shows at once; the plan (times, the task fields) follows the answer.
  const ticked = profile === 'custom' && tests.length > 0 ? new Set(tests) : chosen;
  const toggle = (id: string) => {
    const current = tests.length > 0 ? tests : (plan?.tests.map((t) => t.id) ?? []);
    w.setTests(current.includes(id) ? current.filter((t) => t !== id) : [...current, id]);
  };
  const fit = planFit(plan, targetDir, { writable, readOnly }, admin);
  const ready = plan && !pending && !planError && chosen.size > 0 && fit.ok;

  return (
    <section className="step plan" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan the measurement</h2>
      <PlanLead plan={plan} profile={profile} />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <ProfilePicker profile={profile} plans={plans} onChange={w.setProfile} />
      {probing && (
        <p className="muted" role="status" data-testid="plan-probing">
          Probing the drive for the estimate (1–2 s)…
        </p>
      )}
      <TestPicker
        catalogue={catalogue}
        plan={plan}
        custom={profile === 'custom'}
        ticked={ticked}
        onToggle={toggle}
        repetitions={w.repetitions}
        onRepetitions={w.setRepetitions}
      />
      <TaskOptions
        chosen={chosen}
        o={w}
        open={profile === 'custom'}
        onChange={w.setTaskOption}
        describedBy={planError ? 'plan-error' : undefined}
      />
      {planError && (
        <p role="alert" id="plan-error" className="error-text">
          {planError}
        </p>
      )}
      {plan && <PlanSpace plan={plan} targetDir={targetDir} fit={fit} />}
      <UsageForm />
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button type="button" className="primary" onClick={next} disabled={!ready}>
          Next
        </button>
      </div>
    </section>
  );
}
