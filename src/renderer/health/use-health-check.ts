import { useCallback, useState } from 'react';
import type { HealthReport } from '../../shared/contract/health';
import { api } from '../api/transport';
import { errorText } from '../../shared/format';

/** Runs `health.check`; with a run id the report is stored into that run. */
export function useHealthCheck(initial: HealthReport | null = null) {
  const [report, setReport] = useState<HealthReport | null>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const run = useCallback(async (req: { path?: string; runId?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api().healthCheck(req);
      setReport(r.report);
      setSavedTo(r.savedTo);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, []);
  return { report, busy, error, savedTo, run };
}
