import { STEPS, useApp } from '../store';

export function StepIndicator() {
  const step = useApp((s) => s.step);
  const reached = useApp((s) => s.reached);
  const goTo = useApp((s) => s.goTo);
  const current = STEPS.findIndex((s) => s.id === step);
  return (
    <nav aria-label="Wizard steps" className="steps">
      <ol>
        {STEPS.map((s, i) => (
          <li key={s.id} className={i === current ? 'current' : i < current ? 'done' : ''}>
            <button
              type="button"
              onClick={() => goTo(s.id)}
              disabled={i > reached}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="num" aria-hidden="true">
                {i + 1}
              </span>
              {s.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
