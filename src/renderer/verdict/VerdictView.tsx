// The Verdict step: loads the verdict of the two runs in useVerdict and shows it with charts,
// reference drives on request and the prediction side by side with what was measured.
import { useMemo, useState } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import { useApp } from '../store';
import { SaveReportButton } from '../report/SaveReport';
import { PredictionView } from './PredictionView';
import { RunPicker } from './RunPicker';
import { overlayOf, useReferences, useVerdictResult } from './use-verdict-data';
import { verdictCharts } from './verdict-charts';
import { followVerdictLinks, useVerdict } from './verdict-store';
import { usePalette } from './VerdictChart';
import { SurfaceChart } from '../components/SurfaceChart';
import { VerdictReport } from './VerdictReport';
import { uncheckedWhy } from '../view-model/prediction-rows';
import './verdict.css';

followVerdictLinks();

function ReferencePicker(props: {
  references: RunDocument[];
  refId: string;
  onChange(id: string): void;
}) {
  if (props.references.length === 0) return null;
  return (
    <label className="vd-ref">
      Compare with a reference drive{' '}
      <select value={props.refId} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">none</option>
        {props.references.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name ?? r.id}
          </option>
        ))}
      </select>
    </label>
  );
}

export function VerdictView() {
  const { beforeId, afterId, setPair } = useVerdict();
  const back = useApp((s) => s.back);
  const next = useApp((s) => s.next);
  const palette = usePalette();
  const references = useReferences();
  const [refId, setRefId] = useState('');
  const result = useVerdictResult();

  const reference = references.find((r) => r.id === refId);
  const overlay = useMemo(() => (reference ? overlayOf(reference) : null), [reference]);
  const { verdict } = result;
  const charts = useMemo(
    () => (verdict ? verdictCharts(verdict, palette, overlay) : []),
    [verdict, palette, overlay],
  );

  return (
    <section
      className="step vd-step"
      aria-labelledby="verdict-title"
      data-before-id={verdict?.beforeId}
      data-after-id={verdict?.afterId}
    >
      <h2 id="verdict-title">Verdict</h2>
      {!beforeId || !afterId ? (
        <RunPicker />
      ) : result.pending ? (
        <p role="status">Comparing the two runs…</p>
      ) : result.error ? (
        <p className="vd-error" role="alert">
          {result.error}
        </p>
      ) : verdict ? (
        <>
          <VerdictReport
            verdict={verdict}
            charts={charts}
            chartControls={
              <ReferencePicker references={references} refId={refId} onChange={setRefId} />
            }
          />
          {verdict.surface?.length ? (
            <section aria-labelledby="vd-surface-h">
              <h3 id="vd-surface-h">The surface of the drive</h3>
              <SurfaceChart sides={verdict.surface} colors={palette} />
            </section>
          ) : null}
          {/* A prediction is for an upgrade; one drive measured twice is none. */}
          {verdict.recommendation.level !== 'same-drive' && (
            <PredictionView
              beforeId={verdict.beforeId}
              afterId={uncheckedWhy(verdict) ? null : verdict.afterId}
              unchecked={uncheckedWhy(verdict)}
            />
          )}
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
