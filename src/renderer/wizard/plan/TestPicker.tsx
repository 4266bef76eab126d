// The tests of the chosen profile (ticked, with their time), and for the custom profile the sizes
// and repetitions.
import type { BenchCatalogue, BenchPlan } from '../../../shared/contract/bench';
import { formatDuration } from '../../../shared/format';
import { SizeFields } from './SizeFields';

export function TestPicker(props: {
  catalogue: BenchCatalogue | null;
  plan: BenchPlan | undefined;
  custom: boolean;
  ticked: Set<string>;
  onToggle(id: string): void;
  repetitions: number | null;
  onRepetitions(n: number): void;
}) {
  const { plan, custom } = props;
  const n = plan?.tests.length ?? 0;
  // Plain words first, the tools one click away: the list of tools and their methods made the
  // step three screens long. Open where the person picks the tests (custom).
  return (
    <details className="tests-details" open={custom}>
      <summary data-testid="plan-tests-summary">
        What it measures: {n} test{n === 1 ? '' : 's'} (each tool's method and time)
      </summary>
      <TestList {...props} />
    </details>
  );
}

function TestList(props: Parameters<typeof TestPicker>[0]) {
  const { plan, custom, ticked } = props;
  return (
    <fieldset className="tests">
      <legend>Tests{custom ? '' : ' in this profile'}</legend>
      <ul>
        {(props.catalogue?.tests ?? []).map((t) => {
          const planned = plan?.tests.find((p) => p.id === t.id);
          return (
            <li key={t.id}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(t.id)}
                  disabled={!custom}
                  onChange={() => props.onToggle(t.id)}
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
      {custom && plan && <SizeFields sizes={plan.sizes} labels={props.catalogue?.sizes ?? []} />}
      {custom && (
        <label>
          Repetitions per test{' '}
          <input
            type="number"
            min={1}
            max={20}
            value={props.repetitions ?? plan?.repetitions ?? 3}
            onChange={(e) =>
              props.onRepetitions(Math.max(1, Math.min(20, Number(e.target.value) || 1)))
            }
          />
        </label>
      )}
    </fieldset>
  );
}
