import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SIZE_LABELS } from '../../shared/bench/catalogue';
import type { BenchCatalogue, BenchPlan } from '../../shared/contract/bench';
import { api } from '../api/transport';
import { errorText, fmtBytes, formatDuration } from '../../shared/format';
import { useSetup } from '../setup-store';
import { useApp } from '../store';
import { UsageForm } from './UsageForm';
import { planRequest, taskOptions, useWizard, type ProfileChoice } from './wizard-store';
import './PlanStep.css';

const MiB = 1024 * 1024;

/** Custom profile: the sizes the engine will use, editable (MiB, seconds, or bonnie++'s ×1024 files). */
function SizeFields({ sizes }: { sizes: Record<string, number> }) {
  const setSize = useWizard((s) => s.setSize);
  return (
    <div className="usage-grid sizes">
      {Object.entries(sizes).map(([key, value]) => {
        const seconds = key.endsWith('Seconds');
        const count = key === 'bonnieFiles';
        const named = (SIZE_LABELS as Record<string, { label: string; unit: string }>)[key];
        const unit = named?.unit ?? (seconds ? 's' : count ? '× 1,024 files' : 'MiB');
        const shown = seconds || count ? value : Math.round((value / MiB) * 100) / 100;
        const label = named?.label ?? key.replace(/([A-Z])/g, ' $1').toLowerCase();
        return (
          <label key={key} className="num-field">
            <span>{label}</span>
            <span>
              <input
                type="number"
                min={seconds || count ? 1 : 1}
                step="any"
                aria-label={`${label} (${unit})`}
                data-size-key={key}
                value={shown}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  setSize(key, v > 0 ? (seconds || count ? v : Math.round(v * MiB)) : null);
                }}
              />{' '}
              {unit}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** One real-world task's choices: its name, then its fields side by side. */
function TaskRow(props: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="task-row" role="group" aria-labelledby={`task-${props.id}-title`}>
      <span className="task-name" id={`task-${props.id}-title`}>
        {props.title}
      </span>
      {props.children}
    </div>
  );
}

const PROFILES: { id: ProfileChoice; title: string; blurb: string }[] = [
  {
    id: 'quick',
    title: 'Quick',
    blurb: 'The key figures and the tasks you wait for; time from the estimate.',
  },
  { id: 'full', title: 'Full', blurb: 'Every test with larger files; time from the estimate.' },
  { id: 'custom', title: 'Custom', blurb: 'Pick the tests and repetitions yourself.' },
];

export function PlanStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const targetDir = useSetup((s) => s.targetDir);
  const w = useWizard();
  const [catalogue, setCatalogue] = useState<BenchCatalogue | null>(null);
  // The plans for one request key; `error` is bench.plan's one line for the chosen profile.
  const [planned, setPlanned] = useState<{
    key: string;
    plans: Partial<Record<ProfileChoice, BenchPlan>>;
    error: string | null;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api()
      .benchCatalogue({})
      .then(setCatalogue)
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  const { profile, tests, repetitions, sizes } = w;
  // The task choices as bench.start gets them: bench.plan checks them (a missing tarball, an app
  // that is not installed) so the mistake shows here, before the run.
  const optionsKey = JSON.stringify(taskOptions(w));
  const key = JSON.stringify([targetDir, profile, tests, repetitions, sizes, optionsKey]);
  const typed = JSON.stringify([w.tarball, w.apps]);
  const lastTyped = useRef(typed);
  useEffect(() => {
    let live = true;
    const dir = targetDir ?? undefined;
    const options = JSON.parse(optionsKey) as Record<string, Record<string, unknown>>;
    // Typing a path asks once it pauses, not on every key; clicks ask at once.
    const delay = lastTyped.current === typed ? 0 : 300;
    lastTyped.current = typed;
    const timer = setTimeout(() => {
      const ask = (id: ProfileChoice, withOptions: boolean) =>
        api().benchPlan({
          ...planRequest({ profile: id, tests, repetitions, sizes }),
          ...(dir ? { targetDir: dir } : {}),
          ...(withOptions ? { options } : {}),
        });
      // Only the chosen profile is checked with the options; the others just show their time.
      // When the options are refused, the plan without them still shows the tests and fields.
      const chosenPlan = ask(profile, true).then(
        (plan) => ({ plan, error: null }),
        (e: unknown) => ask(profile, false).then((plan) => ({ plan, error: errorText(e) })),
      );
      const others = PROFILES.filter((p) => p.id !== profile).map((p) =>
        ask(p.id, false).then((plan) => [p.id, plan] as const),
      );
      Promise.all([chosenPlan, Promise.all(others)])
        .then(([mine, rest]) => {
          if (!live) return;
          setPlanned({
            key,
            plans: { ...Object.fromEntries(rest), [profile]: mine.plan },
            error: mine.error,
          });
        })
        .catch((e: unknown) => {
          if (!live) return;
          setPlanned({ key, plans: {}, error: errorText(e) });
        });
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, typed, targetDir, profile, tests, repetitions, sizes, optionsKey]);

  const plans = planned?.plans ?? {};
  const planError = planned?.error ?? null;
  const pending = planned?.key !== key;
  const plan = plans[profile];
  const tooLittleSpace = plan && plan.freeBytes !== null && plan.freeBytes < plan.bytesRequired;
  const chosen = new Set(plan?.tests.map((t) => t.id) ?? []);
  const describedBy = planError ? 'plan-error' : undefined;
  // A click shows at once; the plan (times, the task fields) follows the answer.
  const ticked = profile === 'custom' && tests.length > 0 ? new Set(tests) : chosen;

  const toggle = (id: string) => {
    const current = tests.length > 0 ? tests : (plan?.tests.map((t) => t.id) ?? []);
    w.setTests(current.includes(id) ? current.filter((t) => t !== id) : [...current, id]);
  };

  return (
    <section className="step plan" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan the measurement</h2>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <fieldset className="profiles">
        <legend>Profile</legend>
        {PROFILES.map((p) => (
          <label key={p.id} className={profile === p.id ? 'profile selected' : 'profile'}>
            <input
              type="radio"
              name="profile"
              value={p.id}
              checked={profile === p.id}
              onChange={() => w.setProfile(p.id)}
            />
            <span className="profile-title">{p.title}</span>
            <span className="muted">{p.blurb}</span>
            <span className="profile-time" data-testid={`plan-time-${p.id}`}>
              {plans[p.id] ? `≈ ${formatDuration(plans[p.id]!.totalSeconds)}` : '…'}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="tests">
        <legend>Tests{profile === 'custom' ? '' : ' in this profile'}</legend>
        <ul>
          {(catalogue?.tests ?? []).map((t) => {
            const planned = plan?.tests.find((p) => p.id === t.id);
            return (
              <li key={t.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={ticked.has(t.id)}
                    disabled={profile !== 'custom'}
                    onChange={() => toggle(t.id)}
                  />{' '}
                  <strong>{t.title}</strong> <span className="badge">{t.tool}</span>{' '}
                  {planned && (
                    <span className="muted">≈ {formatDuration(planned.estimateSeconds)}</span>
                  )}
                  <br />
                  <span className="muted small">{t.description}</span>
                </label>
              </li>
            );
          })}
        </ul>
        {profile === 'custom' && plan && <SizeFields sizes={plan.sizes} />}
        {profile === 'custom' && (
          <label>
            Repetitions per test{' '}
            <input
              type="number"
              min={1}
              max={20}
              value={repetitions ?? plan?.repetitions ?? 3}
              onChange={(e) =>
                w.setRepetitions(Math.max(1, Math.min(20, Number(e.target.value) || 1)))
              }
            />
          </label>
        )}
      </fieldset>

      {(chosen.has('task.du') || chosen.has('task.unpack') || chosen.has('task.app-start')) && (
        <fieldset className="task-options">
          <legend>Real-world tasks</legend>
          {chosen.has('task.du') && (
            <TaskRow id="du" title="Disk search (du)">
              <label className="num-field">
                <span>Goes through</span>
                <select
                  value={w.duRoot}
                  onChange={(e) => w.setTaskOption({ duRoot: e.target.value as typeof w.duRoot })}
                >
                  <option value="usr">/usr (the installed programs)</option>
                  <option value="home">your home folder</option>
                  <option value="root">the whole system drive (/)</option>
                </select>
              </label>
              <label className="check-field">
                <input
                  type="checkbox"
                  checked={w.systemDu}
                  onChange={(e) => w.setTaskOption({ systemDu: e.target.checked })}
                />
                <span>
                  Time the system <code>du -skx</code> command instead of Drivewise&rsquo;s walk
                </span>
              </label>
            </TaskRow>
          )}
          {chosen.has('task.unpack') && (
            <TaskRow id="unpack" title="Unpacking (tar)">
              <label className="num-field">
                <span>Generated tarball compression</span>
                <select
                  value={w.compression}
                  disabled={w.tarball.trim() !== ''}
                  onChange={(e) =>
                    w.setTaskOption({ compression: e.target.value as typeof w.compression })
                  }
                >
                  <option value="gzip">gzip (.tar.gz)</option>
                  <option value="xz">xz (.tar.xz, more CPU)</option>
                  <option value="bzip2">bzip2 (.tar.bz2, most CPU)</option>
                </select>
              </label>
              <label className="num-field">
                <span>Your own source tarball (optional)</span>
                <input
                  type="text"
                  spellCheck={false}
                  placeholder="/home/you/linux-6.8.tar.xz"
                  value={w.tarball}
                  aria-describedby={describedBy}
                  onChange={(e) => w.setTaskOption({ tarball: e.target.value })}
                />
              </label>
            </TaskRow>
          )}
          {chosen.has('task.app-start') && (
            <TaskRow id="apps" title="App cold start">
              <label className="num-field">
                <span>Apps to cold-start</span>
                <input
                  type="text"
                  spellCheck={false}
                  placeholder="firefox, libreoffice"
                  value={w.apps}
                  aria-describedby={describedBy ? `apps-hint ${describedBy}` : 'apps-hint'}
                  onChange={(e) => w.setTaskOption({ apps: e.target.value })}
                />
              </label>
              <span className="muted small task-hint" id="apps-hint">
                Command names or full paths, comma-separated. Empty: firefox and libreoffice, when
                installed.
              </span>
            </TaskRow>
          )}
        </fieldset>
      )}
      {planError && (
        <p role="alert" id="plan-error" className="error-text">
          {planError}
        </p>
      )}

      {plan && (
        <p className={tooLittleSpace ? 'error-text' : 'muted'} data-testid="plan-space">
          Writes at most {fmtBytes(plan.bytesNeeded)} into a temporary folder in{' '}
          <code>{targetDir ?? '—'}</code>
          {plan.freeBytes !== null
            ? ` (needs ${fmtBytes(plan.bytesRequired)} free, ${fmtBytes(plan.freeBytes)} available)`
            : ''}
          {tooLittleSpace
            ? ': not enough free space even at the smallest sizes — free some space or pick another folder.'
            : '.'}
        </p>
      )}
      {plan?.notes
        .filter((n) => !n.startsWith('Writes at most'))
        .map((n) => (
          <p key={n} className="muted" data-testid="plan-note">
            {n}
          </p>
        ))}
      {plan && (
        <p className="muted small" data-testid="plan-space-why">
          {plan.notes.find((n) => n.startsWith('Writes at most'))}
        </p>
      )}

      <UsageForm />

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button
          type="button"
          className="primary"
          onClick={next}
          disabled={!plan || pending || !!planError || chosen.size === 0 || !!tooLittleSpace}
        >
          Next
        </button>
      </div>
    </section>
  );
}
