// Results measured outside a benchmark run (login timing, stopwatch) are stored as runs of
// their own, or appended to a run the person picks, through the run store.
import type { RunDocument, TestResult } from '../../shared/schemas/run';
import { RUN_SCHEMA, RUN_VERSION } from '../../shared/schemas/run';
import { newRunId, type RunStore } from '../store/run-store';
import { measure } from './common';
import { mergeLoginResults } from './login-result';

export const LOGIN_RUN_NAME = 'Login to desktop';

export function taskRunDocument(result: TestResult, appVersion: string, name: string): RunDocument {
  return {
    schema: RUN_SCHEMA,
    version: RUN_VERSION,
    id: newRunId(),
    label: 'custom',
    name,
    createdAt: new Date().toISOString(),
    appVersion,
    source: { kind: 'measured' },
    machine: null,
    drive: null,
    targetDir: null,
    settings: {
      profile: 'custom',
      tests: [result.testId],
      repetitions: Math.max(1, Math.min(20, result.wallSeconds?.length || 1)),
      sizes: {},
    },
    privilege: { state: 'not-requested' },
    caveats: [],
    tests: [result],
    bytesWritten: 0,
  };
}

/** Adds the result to run `runId` (replacing one with the same testId and title) or a new run. */
export async function storeTaskResult(
  runs: Pick<RunStore, 'load' | 'save'>,
  appVersion: string,
  result: TestResult,
  name: string,
  runId?: string,
): Promise<string> {
  if (!runId) {
    const doc = taskRunDocument(result, appVersion, name);
    await runs.save(doc);
    return doc.id;
  }
  const doc = await runs.load(runId);
  doc.tests = doc.tests.filter((t) => !(t.testId === result.testId && t.title === result.title));
  doc.tests.push(result);
  if (!doc.settings.tests.includes(result.testId)) doc.settings.tests.push(result.testId);
  await runs.save(doc);
  return doc.id;
}

/**
 * Newly collected logins go to the run they were armed for: added to its login result (every
 * sample kept, spread recomputed) or as its first one. Without a target, or when that run is gone
 * or cannot be read, they become a "Login to desktop" run of their own, so no login is lost.
 */
export async function storeLoginResult(
  runs: Pick<RunStore, 'exists' | 'load' | 'save'>,
  appVersion: string,
  result: TestResult,
  targetRunId: string | null,
): Promise<string> {
  const doc = targetRunId ? await loadIfThere(runs, targetRunId) : null;
  if (!doc) return storeTaskResult(runs, appVersion, result, LOGIN_RUN_NAME);
  const i = doc.tests.findIndex((t) => t.testId === result.testId);
  if (i >= 0) doc.tests[i] = mergeLoginResults(doc.tests[i]!, result);
  else doc.tests.push(result);
  if (!doc.settings.tests.includes(result.testId)) doc.settings.tests.push(result.testId);
  await runs.save(doc);
  return doc.id;
}

async function loadIfThere(
  runs: Pick<RunStore, 'exists' | 'load'>,
  id: string,
): Promise<RunDocument | null> {
  try {
    return (await runs.exists(id)) ? await runs.load(id) : null;
  } catch {
    return null;
  }
}

export interface StopwatchEntry {
  /** What was timed, e.g. "Boot, GRUB to login screen". It is the timing's key: before and after pair up by it. */
  title: string;
  seconds: number[];
  note?: string;
  /** boot, login, app start, copy or other: sets how often it happens a day and its disk share. */
  kind?: StopwatchKind;
}

export type StopwatchKind = 'boot' | 'login' | 'app-start' | 'copy' | 'build' | 'other';

/** Task 8 — manual stopwatch timings, stored like any result, with the person's note. */
export function stopwatchResult(e: StopwatchEntry): TestResult {
  return {
    testId: 'task.stopwatch',
    title: e.title,
    kind: 'task',
    tool: 'stopwatch',
    method: 'manual stopwatch timing',
    status: 'ok',
    caveats: [
      'timed by hand: expect a few tenths of a second of reaction time per reading',
      ...(e.note ? [e.note] : []),
    ],
    cache: 'n/a',
    measurements: [
      measure('wall_time', 's', 'lower', e.seconds, {
        label: e.title,
        params: { kind: e.kind ?? 'other' },
        ...(e.note ? { note: e.note } : {}),
      }),
    ],
    wallSeconds: [...e.seconds],
    ioWaitShare: null,
    bytesWritten: 0,
  };
}
