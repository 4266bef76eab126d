// Prediction vs measured, and the reference drives the person's runs are held against.
import { useMemo } from 'react';
import { predict, type Prediction, type TargetPreset } from '../../../shared/prediction';
import { presetForKind } from '../../../shared/prediction/presets';
import { referenceRuns } from '../../../shared/reference';
import type { RunDocument } from '../../../shared/schemas/run';
import { errorText, fmtNum, fmtRatio } from '../../../shared/format';
import { predictionRows } from '../../view-model/prediction-rows';
import { referenceRows } from '../reference-model';
import { FixedTable } from './FixedTable';

type Attempt = { key: string; prediction: Prediction | null; error: string | null };

/** A preset's prediction, or with `measured` the new drive as the after-run measured it. */
function attempt(
  before: RunDocument,
  preset: TargetPreset,
  after?: RunDocument,
  measured = false,
): Attempt {
  const key = measured ? 'measured' : preset;
  try {
    const opts = measured && after ? { targetRun: after } : {};
    return { key, prediction: predict(before, { preset }, after, opts), error: null };
  } catch (e) {
    return { key, prediction: null, error: errorText(e) };
  }
}

/** With an after-run: what the before-run alone predicted for that kind of drive, next to reality. */
export function PredictionSection({
  before,
  after,
  unchecked = null,
}: {
  before: RunDocument;
  after: RunDocument | null;
  /** Why the after-run does not check the prediction (view-model/prediction-rows uncheckedWhy). */
  unchecked?: string | null;
}) {
  const attempts = useMemo(() => {
    if (after) {
      const preset = presetForKind(after.drive?.kind) ?? 'sata-ssd';
      return [attempt(before, preset, after), attempt(before, preset, after, true)];
    }
    const own = presetForKind(before.drive?.kind);
    return (['sata-ssd', 'nvme-gen3'] as const)
      .filter((p) => p !== own)
      .map((p) => attempt(before, p));
  }, [before, after]);
  return (
    <section aria-labelledby="rp-pred-h">
      <h2 id="rp-pred-h">{after ? 'Prediction vs measured' : 'Prediction before buying'}</h2>
      <p className="rp-muted">
        {after
          ? 'What Drivewise predicts from the before-run alone for this kind of drive, and for the new drive as the after-run measured it, next to what the after-run measured.'
          : 'Estimated from this run alone: each task’s time waiting for the disk shrinks by the target drive’s speed-up; its CPU time stays.'}
      </p>
      {unchecked && (
        <p className="rp-muted" data-testid="report-prediction-unchecked">
          {unchecked}
        </p>
      )}
      {attempts.map((a) => (
        <div className="rp-keep" key={a.key}>
          {a.prediction ? (
            <PredictionTable p={a.prediction} />
          ) : (
            <p className="rp-muted">No prediction: {a.error}</p>
          )}
        </div>
      ))}
    </section>
  );
}

function PredictionTable({ p }: { p: Prediction }) {
  const { measured, figures, tasks } = predictionRows(p);
  const num = (title: string) => (
    <th scope="col" className="num">
      {title}
    </th>
  );
  return (
    <>
      <h3>
        {p.target.name}: sequential {fmtRatio(p.speedups.sequential)}, random access{' '}
        {fmtRatio(p.speedups.random)}
      </h3>
      <table className="rp-table rp-prediction" data-testid="report-prediction">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {num('Now')}
            {num('Predicted')}
            {num('Likely range (10–90 %)')}
            {measured && num('Measured after')}
            {measured && num('Off by')}
          </tr>
        </thead>
        <tbody>
          {figures.map((x) => (
            <tr key={x.key}>
              <th scope="row">
                {x.what}, {x.unit}
              </th>
              <td className="num">{x.now}</td>
              <td className="num">{x.predicted}</td>
              <td className="num">—</td>
              {measured && <td className="num">{x.measured}</td>}
              {measured && <td className="num">{x.offBy}</td>}
            </tr>
          ))}
          {tasks.map((t) => (
            <tr key={t.key}>
              <th scope="row">
                {t.title} (waits {t.waiting}
                {t.assumed ? ', assumed' : ''})
                <span className="rp-basis" data-testid="report-prediction-basis">
                  {t.line}
                </span>
              </th>
              <td className="num">{t.now}</td>
              <td className="num">
                {t.predicted} (≥ {t.floor})
              </td>
              <td className="num" data-testid="report-prediction-range">
                {t.range}
              </td>
              {measured && (
                <td className="num">
                  {t.measured}
                  {t.inside !== '—' ? `, ${t.inside}` : ''}
                </td>
              )}
              {measured && <td className="num">{t.offBy}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="rp-assumptions">
        {p.assumptions.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </>
  );
}

export function ReferenceSection({ runs }: { runs: RunDocument[] }) {
  const { columns, rows } = useMemo(() => referenceRows(runs, referenceRuns()), [runs]);
  if (rows.length <= runs.length) return null;
  return (
    <section aria-labelledby="rp-ref-h">
      <h2 id="rp-ref-h">Reference drives compared</h2>
      <p className="rp-muted">
        Your runs next to figures published for other drives (the reviews and forum posts Drivewise
        ships with). Their machines differ from yours: read them as orders of magnitude.
      </p>
      <FixedTable
        className="rp-refs"
        testId="report-references"
        columns={[
          { title: 'Drive', width: 31 },
          ...columns.map((c) => ({
            title: `${c.title}, ${c.unit}${c.better === 'lower' ? ' ↓' : ''}`,
            width: 69 / columns.length,
            num: true,
          })),
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id} className={r.own ? 'rp-own' : undefined}>
            <th scope="row">
              {r.name} <span className="rp-tool">({r.kind})</span>
            </th>
            {r.values.map((v, i) => (
              <td className="num" key={i}>
                {fmtNum(v)}
              </td>
            ))}
          </tr>
        ))}
      </FixedTable>
    </section>
  );
}
