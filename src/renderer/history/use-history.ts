// History's data: stored runs and reference drives, the selection, and the actions on them (open,
// export, delete, compare, CSV). Errors become one line in `error`; nothing is thrown.
import { useCallback, useEffect, useState } from 'react';
import type { RunSummary } from '../../shared/contract/runs';
import type { Comparison } from '../../shared/reference/compare';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { download, errorText } from './download';

export type Row = Pick<
  RunSummary,
  'id' | 'label' | 'name' | 'createdAt' | 'drive' | 'tests' | 'source'
>;

const refRow = (r: RunDocument): Row => ({
  id: r.id,
  label: r.label,
  ...(r.name ? { name: r.name } : {}),
  createdAt: r.createdAt,
  drive: null,
  tests: r.tests.length,
  source: r.source.kind,
});

const load = () => Promise.all([api().runsList({}), api().referencesList({})]);

/** `refreshKey` changes (e.g. after an import) reload the list. */
export function useHistory(refreshKey: number) {
  const [runs, setRuns] = useState<Row[]>([]);
  const [refs, setRefs] = useState<Row[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<RunDocument | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  const fail = (e: unknown) => setError(errorText(e));
  const show = useCallback(([list, references]: Awaited<ReturnType<typeof load>>) => {
    setRuns(list.runs);
    // Quarantined files are reported once by the store; keep showing them this session.
    setProblems((p) => [...new Set([...p, ...list.problems])]);
    setRefs(references.map(refRow));
    setLoaded(true);
  }, []);
  const reload = () => load().then(show, fail);
  useEffect(() => {
    load().then(show, (e: unknown) => setError(errorText(e)));
  }, [show, refreshKey]);

  const act = async (f: () => Promise<void>) => {
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const actions = {
    toggle: (id: string) =>
      setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    open: (id: string) => act(async () => setOpen(await api().runsGet({ id }))),
    close: () => setOpen(null),
    export: (id: string) =>
      act(async () => {
        const doc = await api().runsGet({ id });
        download(`drivewise-${id}.json`, JSON.stringify(doc, null, 2) + '\n', 'application/json');
      }),
    remove: (r: Row) =>
      act(async () => {
        if (
          !window.confirm(
            `Delete “${r.name ?? r.id}” from history? Export it first to keep a copy.`,
          )
        )
          return;
        await api().runsDelete({ id: r.id });
        setSelected((s) => s.filter((x) => x !== r.id));
        if (open?.id === r.id) setOpen(null);
        await reload();
      }),
    compare: () =>
      act(async () => setComparison(await api().runsCompare({ a: selected[0]!, b: selected[1]! }))),
    csv: () =>
      act(async () => {
        const { csv: text } = await api().runsCsv({ ids: selected });
        download(`drivewise-${selected.length}-runs.csv`, text, 'text/csv');
      }),
  };
  return { runs, refs, problems, selected, open, comparison, error, loaded, actions };
}

export type HistoryActions = ReturnType<typeof useHistory>['actions'];
