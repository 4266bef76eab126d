// One run's figures: every test and measurement, median with min–max and the sample count.
import type { RunDocument } from '../../shared/schemas/run';
import { measurementLabel, testLabel } from '../../shared/labels';
import { fmtDate, fmtFigure } from '../../shared/format';
import { RunHealth } from '../health/RunHealth';

const SOURCE = { measured: 'measured', imported: 'imported', reference: 'published' } as const;

export function RunDetails({ run, onClose }: { run: RunDocument; onClose: () => void }) {
  return (
    <section className="dw-details" aria-label={`Run ${run.name ?? 'details'}`}>
      <div className="dw-details-head">
        <h4>{run.name ?? 'Run details'}</h4>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted">
        {run.label} · {fmtDate(run.createdAt) || 'date not given'} · {SOURCE[run.source.kind]}
        {run.source.citation ? ` — ${run.source.citation}` : ''}
      </p>
      {run.caveats.map((c) => (
        <p key={c} className="dw-caveat">
          {c}
        </p>
      ))}
      <table className="dw-table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Figure</th>
            <th scope="col">Median</th>
            <th scope="col">Range (n)</th>
          </tr>
        </thead>
        <tbody>
          {run.tests.flatMap((t) =>
            t.measurements.map((m, i) => (
              <tr key={`${t.testId}-${i}`}>
                <td>{i === 0 ? testLabel(t.testId, t.title).label : ''}</td>
                <td>
                  {measurementLabel(t, m).label}{' '}
                  <span className="dw-tag">{measurementLabel(t, m).tag}</span>
                </td>
                <td className="num">{fmtFigure(m.median, m.unit)}</td>
                <td className="num muted">
                  {m.samples.length > 1
                    ? `${fmtFigure(m.min, m.unit)}–${fmtFigure(m.max, m.unit)} (${m.samples.length})`
                    : (m.note ?? '')}
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <RunHealth key={run.id} run={run} />
    </section>
  );
}
