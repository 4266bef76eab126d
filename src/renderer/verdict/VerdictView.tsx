// The Verdict step: loads the verdict of the two runs in useVerdict and shows it with charts,
// reference drives on request and the prediction side by side with what was measured.
import { useEffect, useMemo, useState } from 'react';
import { spreadOfMeasurement } from '../../shared/verdict/compare';
import { metricKey } from '../../shared/verdict/metrics';
import type { RunDocument } from '../../shared/schemas/run';
import type { Verdict } from '../../shared/verdict';
import { api } from '../api/transport';
import { useApp } from '../store';
import { PredictionView } from './PredictionView';
import { hasChannel, RunPicker } from './RunPicker';
import { verdictCharts, type ReferenceOverlay } from './verdict-charts';
import { followVerdictLinks, useVerdict } from './verdict-store';
import { usePalette } from './VerdictChart';
import { VerdictReport } from './VerdictReport';
import './verdict.css';
import { SaveReportButton } from '../report/SaveReport';
import { errorText } from '../../shared/format';

followVerdictLinks();

/** Reference figures keyed like the verdict's comparisons. */
export function overlayOf(run: RunDocument): ReferenceOverlay {
  const values: Record<string, number> = {};
  const units: Record<string, string> = {};
  for (const t of run.tests)
    for (const m of t.measurements) {
      const v = spreadOfMeasurement(m).median;
      if (v === null) continue;
      values[metricKey(t.testId, m)] = v;
      units[metricKey(t.testId, m)] = m.unit;
    }
  return { name: run.name ?? run.id, values, units };
}

function useReferences(): RunDocument[] {
  const [refs, setRefs] = useState<RunDocument[]>([]);
  useEffect(() => {
    if (!hasChannel('references.list')) return;
    const list = (api() as unknown as { referencesList(r: object): Promise<RunDocument[]> })
      .referencesList;
    list({})
      .then(setRefs)
      .catch(() => setRefs([]));
  }, []);
  return refs;
}

export function VerdictView() {
  const { beforeId, afterId, usage, rated, setPair } = useVerdict();
  const back = useApp((s) => s.back);
  const next = useApp((s) => s.next);
  const palette = usePalette();
  const references = useReferences();
  const [refId, setRefId] = useState('');
  const [state, setState] = useState<{
    key: string;
    verdict: Verdict | null;
    error: string | null;
  }>({
    key: '',
    verdict: null,
    error: null,
  });
  const key = `${beforeId}|${afterId}|${JSON.stringify(usage)}|${JSON.stringify(rated)}`;

  useEffect(() => {
    if (!beforeId || !afterId) return;
    let live = true;
    api()
      .verdictCompute({
        beforeId,
        afterId,
        ...(usage ? { usage } : {}),
        ...(rated ? { rated } : {}),
      })
      .then((verdict) => live && setState({ key, verdict, error: null }))
      .catch((e: unknown) => live && setState({ key, verdict: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [beforeId, afterId, usage, rated, key]);

  const reference = references.find((r) => r.id === refId);
  const overlay = useMemo(() => (reference ? overlayOf(reference) : null), [reference]);
  const verdict = state.key === key ? state.verdict : null;
  const charts = useMemo(
    () => (verdict ? verdictCharts(verdict, palette, overlay) : []),
    [verdict, palette, overlay],
  );

  return (
    <section className="step vd-step" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      {!beforeId || !afterId ? (
        <RunPicker />
      ) : state.key !== key ? (
        <p role="status">Comparing the two runs…</p>
      ) : state.error ? (
        <p className="vd-error" role="alert">
          {state.error}
        </p>
      ) : verdict ? (
        <>
          <VerdictReport
            verdict={verdict}
            charts={charts}
            chartControls={
              references.length > 0 && (
                <label className="vd-ref">
                  Compare with a reference drive{' '}
                  <select value={refId} onChange={(e) => setRefId(e.target.value)}>
                    <option value="">none</option>
                    {references.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name ?? r.id}
                      </option>
                    ))}
                  </select>
                </label>
              )
            }
          />
          <PredictionView beforeId={verdict.beforeId} afterId={verdict.afterId} />
          <h3>Save the story</h3>
          <SaveReportButton beforeId={verdict.beforeId} afterId={verdict.afterId} />
        </>
      ) : null}
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        {beforeId && afterId && (
          <button type="button" onClick={() => setPair('', '')}>
            Compare other runs
          </button>
        )}
        <button type="button" className="primary" onClick={next}>
          Check the new drive&apos;s set-up
        </button>
      </div>
    </section>
  );
}
