// The prediction on screen: the target's figures, each task's predicted time with its likely
// range and, after the swap, what was measured and whether it fell in the range. The cells come
// from the view model the report prints too.
import type { Prediction } from '../../shared/prediction';
import { fmtNum } from '../../shared/format';
import { predictionRows } from '../view-model/prediction-rows';

export function PredictionTable({ prediction }: { prediction: Prediction }) {
  const p = prediction;
  const rows = predictionRows(p);
  const { measured, figures, tasks } = rows;
  return (
    <div className="vd-prediction" data-testid="prediction">
      <p>
        <strong>{p.target.name}</strong>: sequential reads {fmtNum(p.target.effectiveSeqReadMBps)}{' '}
        MB/s ({fmtNum(p.speedups.sequential)}× your drive), random access{' '}
        {fmtNum(p.target.randomAccessMs)} ms ({fmtNum(p.speedups.random)}× faster).
      </p>
      {tasks.length > 0 && <TaskTable {...rows} />}
      <div className="vd-scroll">
        <table className="vd-table">
          <thead>
            <tr>
              <th scope="col">Drive figure</th>
              <th scope="col">Now</th>
              <th scope="col">Predicted</th>
              {measured && <th scope="col">Measured after</th>}
            </tr>
          </thead>
          <tbody>
            {figures.map((s) => (
              <tr key={s.key}>
                <th scope="row">
                  {s.what} ({s.unit})
                </th>
                <td>{s.now}</td>
                <td>{s.predicted}</td>
                {measured && <td>{s.measured}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>Assumptions</h4>
      <ul className="vd-assumptions">
        {p.assumptions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </div>
  );
}

/** Each task: now, predicted with its likely range, and after the swap the measured time in it. */
function TaskTable({ tasks, measured }: ReturnType<typeof predictionRows>) {
  return (
    <div className="vd-scroll">
      <table className="vd-table">
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Now</th>
            <th scope="col">Waiting for disk</th>
            <th scope="col">
              Predicted <span className="vd-sub">likely range (10–90 %)</span>
            </th>
            <th scope="col">Best possible (no disk waits)</th>
            {measured && (
              <th scope="col">
                Measured after <span className="vd-sub">in the range?</span>
              </th>
            )}
            {measured && <th scope="col">Prediction off by</th>}
          </tr>
        </thead>
        <tbody>
          {tasks.map((t) => (
            <tr key={t.key} className={t.ownMeasurement ? 'own-basis' : 'published-basis'}>
              <th scope="row">
                {t.title}
                <span className="vd-sub vd-basis" data-testid="prediction-basis">
                  {t.line}
                </span>
              </th>
              <td>{t.now}</td>
              <td>
                {t.waiting}
                {t.assumed ? ' (assumed)' : ''}
              </td>
              <td>
                {t.predicted}
                <span className="vd-sub" data-testid="prediction-range">
                  {t.range}
                </span>
              </td>
              <td>{t.floor}</td>
              {measured && (
                <td>
                  {t.measured}
                  <span className="vd-sub" data-testid="prediction-inside">
                    {t.inside}
                  </span>
                </td>
              )}
              {measured && <td>{t.offBy}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
