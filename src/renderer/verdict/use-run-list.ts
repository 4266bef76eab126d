// The run picker's data: the saved runs (when this build has the history channel) and the two
// chosen ids, preset to the runs labelled before and after.
import { useEffect, useState } from 'react';
import { errorText } from '../../shared/format';
import { hasChannel } from '../api/channels';
import { api } from '../api/transport';

export interface RunRow {
  id: string;
  label: string;
  name?: string;
  createdAt: string;
  drive: string | null;
}
type ListRuns = (req: object) => Promise<{ runs: RunRow[] }>;

export function useRunList() {
  const [runs, setRuns] = useState<RunRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const history = hasChannel('runs.list');

  useEffect(() => {
    if (!history) return;
    const list = (api() as unknown as { runsList: ListRuns }).runsList;
    list({})
      .then(({ runs: rs }) => {
        setRuns(rs);
        setBefore(rs.find((r) => r.label === 'before')?.id ?? rs[1]?.id ?? '');
        setAfter(rs.find((r) => r.label === 'after')?.id ?? rs[0]?.id ?? '');
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [history]);

  return { runs, error, before, setBefore, after, setAfter, history };
}
