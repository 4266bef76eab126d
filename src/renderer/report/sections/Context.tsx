// Prediction vs measured, and the reference drives the person's runs are held against.
import { useMemo } from 'react';
import { predict, type Prediction, type TargetPreset } from '../../../shared/prediction';
import { presetForKind } from '../../../shared/prediction/presets';
import { referenceRuns } from '../../../shared/reference';
import type { RunDocument } from '../../../shared/schemas/run';
import { formatSeconds } from '../../../shared/verdict';
import { fmtNum, fmtShare } from '../../../shared/format';
import { referenceRows } from '../reference-model';
import { errorText } from '../../../shared/format';

type Attempt = { preset: TargetPreset; prediction: Prediction | null; error: string | null };

function attempt(before: RunDocument, preset: TargetPreset, after?: RunDocument): Attempt {
  try {
    return { preset, prediction: predict(before, { preset }, after), error: null };
  } catch (e) {
    return { preset, prediction: null, error: errorText(e) };
  }
}

/** With an after-run: what the before-run alone predicted for that kind of drive, next to reality. */
export function PredictionSection({
  before,
  after,
}: {
  before: RunDocument;
  after: RunDocument | null;
}) {
  const attempts = useMemo(() => {
    if (after) return [attempt(before, presetForKind(after.drive?.kind) ?? 'sata-ssd', after)];
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
          ? 'What Drivewise predicts from the before-run alone for this kind of drive, next to what the after-run measured.'
          : 'Estimated from this run alone: each task’s time waiting for the disk shrinks by the target drive’s speed-up; its CPU time stays.'}
      </p>
      {attempts.map((a) => (
        <div className="rp-keep" key={a.preset}>
          {a.prediction ? (
            <PredictionTable p={a.prediction} measured={!!after} />
          ) : (
            <p className="rp-muted">No prediction: {a.error}</p>
          )}
        </div>
      ))}
    </section>
  );
}

function PredictionTable({ p, measured }: { p: Prediction; measured: boolean }) {
  const s = (x: number | null) => (x === null ? '—' : formatSeconds(x));
  return (
    <>
      <h3>
        {p.target.name}: sequential ×{fmtNum(p.speedups.sequential)}, random access ×
        {fmtNum(p.speedups.random)}
      </h3>
      <table className="rp-table" data-testid="report-prediction">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="num">
              Now
            </th>
            <th scope="col" className="num">
              Predicted
            </th>
            {measured && (
              <th scope="col" className="num">
                Measured after
              </th>
            )}
            {measured && (
              <th scope="col" className="num">
                Off by
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {p.synthetic.map((x) => (
            <tr key={x.what}>
              <th scope="row">
                {x.what}, {x.unit}
              </th>
              <td className="num">{fmtNum(x.before)}</td>
              <td className="num">{fmtNum(x.predicted)}</td>
              {measured && <td className="num">{fmtNum(x.measured)}</td>}
              {measured && (
                <td className="num">
                  {x.measured ? fmtShare((x.measured - x.predicted) / x.measured) : '—'}
                </td>
              )}
            </tr>
          ))}
          {p.tasks.map((t) => (
            <tr key={t.key}>
              <th scope="row">
                {t.title} (waits {fmtShare(t.ioWaitShare)}
                {t.ioShareAssumed ? ', assumed' : ''})
              </th>
              <td className="num">{s(t.beforeSeconds.median)}</td>
              <td className="num">
                {s(t.predictedSeconds)} (≥ {s(t.floorSeconds)})
              </td>
              {measured && <td className="num">{s(t.measuredSeconds)}</td>}
              {measured && <td className="num">{fmtShare(t.error)}</td>}
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
      <table className="rp-table rp-refs rp-fixed" data-testid="report-references">
        <colgroup>
          <col style={{ width: '31%' }} />
          {columns.map((c) => (
            <col key={c.id} style={{ width: `${69 / columns.length}%` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Drive</th>
            {columns.map((c) => (
              <th scope="col" className="num" key={c.id}>
                {c.title}, {c.unit}
                {c.better === 'lower' ? ' ↓' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </section>
  );
}
