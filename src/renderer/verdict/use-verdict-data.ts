// The Verdict step's data: the verdict of the chosen pair (for the person's usage and the new
// drive's rated figures), and the reference drives that can be drawn alongside.
import { useEffect, useState } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import type { Verdict } from '../../shared/verdict';
import { spreadOfMeasurement } from '../../shared/verdict/compare';
import { metricKey } from '../../shared/verdict/metrics';
import { errorText, moneyLocale } from '../../shared/format';
import { api } from '../api/transport';
import type { ReferenceOverlay } from './verdict-charts';
import { useVerdict } from './verdict-store';

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

export function useReferences(): RunDocument[] {
  const [refs, setRefs] = useState<RunDocument[]>([]);
  useEffect(() => {
    api()
      .referencesList({})
      .then(setRefs)
      .catch(() => setRefs([]));
  }, []);
  return refs;
}

/** The verdict for the pair in useVerdict; `pending` while the answer for this pair is out. */
export function useVerdictResult() {
  const { beforeId, afterId, usage, rated } = useVerdict();
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
        locale: moneyLocale(),
      })
      .then((verdict) => live && setState({ key, verdict, error: null }))
      .catch((e: unknown) => live && setState({ key, verdict: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [beforeId, afterId, usage, rated, key]);
  const pending = state.key !== key;
  return { verdict: pending ? null : state.verdict, error: state.error, pending };
}
