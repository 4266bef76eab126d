// The run picker's data: the saved runs and the two chosen ids, preset to the runs labelled
// before and after.
import { useEffect, useState } from 'react';
import { errorText } from '../../shared/format';
import type { RunSummary } from '../../shared/contract/runs';
import { api } from '../api/transport';

export function useRunList() {
  const [runs, setRuns] = useState<RunSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');

  useEffect(() => {
    api()
      .runsList({})
      .then(({ runs: rs }) => {
        setRuns(rs);
        setBefore(rs.find((r) => r.label === 'before')?.id ?? rs[1]?.id ?? '');
        setAfter(rs.find((r) => r.label === 'after')?.id ?? rs[0]?.id ?? '');
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  return { runs, error, before, setBefore, after, setAfter };
}
