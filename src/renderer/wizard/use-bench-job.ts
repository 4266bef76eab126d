import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobFinished, JobProgress } from '../../shared/contract/jobs';
import { api } from '../api/transport';
import { errorText } from '../../shared/format';

export interface TestRow {
  testId: string;
  fraction: number;
  etaSeconds: number | null;
  live: { value: number; unit: string } | null;
  message: string | null;
}

export interface BenchJobState {
  jobId: string | null;
  running: boolean;
  rows: Record<string, TestRow>;
  overall: number;
  overallEta: number | null;
  finished: JobFinished | null;
  error: string | null;
}

const idle: BenchJobState = {
  jobId: null,
  running: false,
  rows: {},
  overall: 0,
  overallEta: null,
  finished: null,
  error: null,
};

/** A progress event applied to the rows. */
function withProgress(s: BenchJobState, p: JobProgress): BenchJobState {
  const id = p.testId ?? 'run';
  // The engine's end-of-test message: the row is finished, 100 % and no ETA of its own.
  const finished = p.message === 'done' || p.fraction >= 1;
  const row: TestRow = {
    testId: id,
    fraction: finished ? 1 : p.fraction,
    etaSeconds: finished ? null : p.etaSeconds,
    live: p.liveValue ?? s.rows[id]?.live ?? null,
    message: p.message ?? (finished ? 'done' : null),
  };
  return {
    ...s,
    rows: { ...s.rows, [id]: row },
    overall: p.overall ?? s.overall,
    overallEta: p.etaSeconds,
  };
}

/**
 * A page reloaded mid-run (the window's renderer crashed) re-attaches to the benchmark the engine
 * is still running, with each test's latest progress. Returns the unsubscribe.
 */
function attachToRunning(
  jobRef: { current: string | null },
  early: { current: unknown[] | null },
  setState: (s: BenchJobState) => void,
  onFinished: (f: JobFinished) => void,
): () => void {
  const ended = new Map<string, JobFinished>();
  const off = api().on('job.finished', (f) => void ended.set(f.jobId, f));
  void Promise.resolve()
    .then(() => api().jobList({}))
    .then(({ jobs }) => {
      const j = jobs.find((k) => k.kind === 'bench');
      if (!j || jobRef.current !== null || early.current) return;
      jobRef.current = j.jobId;
      setState(j.progress.reduce(withProgress, { ...idle, running: true, jobId: j.jobId }));
      const f = ended.get(j.jobId);
      if (f) onFinished(f);
    })
    .catch(() => undefined)
    .finally(off);
  return off;
}

/** Subscribes to job events for one job started by `start`; progress arrives as contract events. */
export function useBenchJob() {
  const [state, setState] = useState<BenchJobState>(idle);
  const jobRef = useRef<string | null>(null);
  // Events can overtake the bench.start answer; hold them until we know our job id.
  const early = useRef<((id: string) => void)[] | null>(null);

  useEffect(() => {
    const mine = (jobId: string, replay: () => void): boolean => {
      if (jobRef.current === null && early.current) {
        early.current.push((id) => {
          if (id === jobId) replay();
        });
        return false;
      }
      return jobId === jobRef.current;
    };
    const onProgress = (p: JobProgress): void => {
      if (!mine(p.jobId, () => onProgress(p))) return;
      setState((s) => withProgress(s, p));
    };
    const onFinished = (f: JobFinished): void => {
      if (!mine(f.jobId, () => onFinished(f))) return;
      setState((s) => ({
        ...s,
        running: false,
        finished: f,
        overall: f.status === 'done' ? 1 : s.overall,
      }));
    };
    const offProgress = api().on('job.progress', onProgress);
    const offFinished = api().on('job.finished', onFinished);
    const offAttach = attachToRunning(jobRef, early, setState, onFinished);
    return () => {
      offProgress();
      offFinished();
      offAttach();
    };
  }, []);

  /** Starts a job (a run, or a run's busy phases again) and follows its events. */
  const follow = useCallback(async (begin: () => Promise<{ jobId: string }>) => {
    setState({ ...idle, running: true });
    jobRef.current = null;
    early.current = [];
    try {
      const { jobId } = await begin();
      jobRef.current = jobId;
      setState((s) => ({ ...s, jobId }));
      const held = early.current;
      early.current = null;
      for (const replay of held) replay(jobId);
    } catch (e) {
      early.current = null;
      setState({ ...idle, error: errorText(e) });
    }
  }, []);

  const start = useCallback(
    (req: Parameters<ReturnType<typeof api>['benchStart']>[0]) =>
      follow(() => api().benchStart(req)),
    [follow],
  );
  /** The run's busy phases again, alone; the run keeps the better sample of each (bench.repeat). */
  const repeat = useCallback(
    (runId: string) => follow(() => api().benchRepeat({ runId })),
    [follow],
  );

  const cancel = useCallback(async () => {
    if (jobRef.current) await api().jobCancel({ jobId: jobRef.current });
  }, []);

  const reset = useCallback(() => {
    jobRef.current = null;
    early.current = null;
    setState(idle);
  }, []);

  return { state, start, repeat, cancel, reset };
}
