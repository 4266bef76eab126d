// Login timing's records and results: the probe's JSON lines, seconds from session start to
// desktop ready, and the "Login to desktop" result built from them (and merged into a run's).
import type { TestResult } from '../../shared/schemas/run';
import { measure } from './common';
import { execText, type ExecFn } from './exec-text';
import { monotonicUs, parseProperties } from './systemd-readers';

export interface ProbeRecord {
  probeMonotonicUs: string;
  realtimeMs: number;
  sessionId: string | null;
  desktop?: string | null;
  sessionStartUs: string | null;
  graphicalSessionUs?: string | null;
}

export function parseProbeRecords(text: string): ProbeRecord[] {
  const out: ProbeRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as ProbeRecord;
      if (typeof r.probeMonotonicUs === 'string' && /^\d+$/.test(r.probeMonotonicUs)) out.push(r);
    } catch {
      /* a torn line (power cut during login) is skipped, the rest still count */
    }
  }
  return out;
}

/**
 * Seconds from session start to desktop ready. The session start comes from the probe's own
 * loginctl call, else from loginctl now (same session still open), else graphical-session.target.
 */
export async function loginSeconds(
  r: ProbeRecord,
  exec: ExecFn = execText,
): Promise<number | null> {
  const probe = BigInt(r.probeMonotonicUs);
  let start = r.sessionStartUs && /^\d+$/.test(r.sessionStartUs) ? BigInt(r.sessionStartUs) : null;
  if (start === null && r.sessionId) {
    const q = await exec('loginctl', ['show-session', r.sessionId, '-p', 'TimestampMonotonic']);
    start = monotonicUs(parseProperties(q.stdout), 'TimestampMonotonic');
  }
  if (start === null && r.graphicalSessionUs && /^\d+$/.test(r.graphicalSessionUs))
    start = BigInt(r.graphicalSessionUs);
  if (start === null || start > probe) return null;
  return Number(probe - start) / 1e6;
}

/** Everything a login result is built from, so results of several collections add up. */
export interface LoginTally {
  /** Seconds from session start to desktop ready, one per dated login. */
  seconds: number[];
  /** Logins logind could not date. */
  undated: number;
  logins: { at: string; desktop: string | null }[];
}

export function loginResult(samples: (number | null)[], records: ProbeRecord[]): TestResult {
  return buildLoginResult({
    seconds: samples.filter((x): x is number => x !== null),
    undated: samples.filter((x) => x === null).length,
    logins: records.map((r) => ({
      at: new Date(r.realtimeMs).toISOString(),
      desktop: r.desktop ?? null,
    })),
  });
}

const UNDATED = /^(\d+) login\(s\) without a session start time$/;

/** Reads a stored login result back into its tally (its samples, undated count and logins). */
export function loginTally(r: TestResult): LoginTally {
  const m = r.measurements.find((x) => x.metric === 'wall_time');
  const seconds = (m?.samples ?? r.wallSeconds ?? []).filter(
    (x): x is number => typeof x === 'number' && Number.isFinite(x),
  );
  const extra = r.extra ?? {};
  const undatedCaveat = r.caveats.map((c) => UNDATED.exec(c)).find(Boolean);
  const undated =
    typeof extra['undated'] === 'number' ? extra['undated'] : Number(undatedCaveat?.[1] ?? 0);
  const logins = (Array.isArray(extra['logins']) ? (extra['logins'] as unknown[]) : []).flatMap(
    (l) => {
      const o = (l ?? {}) as { at?: unknown; desktop?: unknown };
      return typeof o.at === 'string'
        ? [{ at: o.at, desktop: typeof o.desktop === 'string' ? o.desktop : null }]
        : [];
    },
  );
  return { seconds, undated, logins };
}

/** A run's login result plus newly collected logins: every sample kept, spread recomputed. */
export function mergeLoginResults(stored: TestResult, added: TestResult): TestResult {
  const a = loginTally(stored);
  const b = loginTally(added);
  return buildLoginResult({
    seconds: [...a.seconds, ...b.seconds],
    undated: a.undated + b.undated,
    logins: [...a.logins, ...b.logins],
  });
}

export function buildLoginResult(t: LoginTally): TestResult {
  const ok = t.seconds;
  return {
    testId: 'task.login',
    title: 'Login to desktop',
    kind: 'task',
    tool: 'loginctl',
    method:
      'XDG autostart probe (CLOCK_MONOTONIC at desktop start) − logind session TimestampMonotonic',
    status: ok.length ? 'ok' : 'failed',
    ...(ok.length ? {} : { error: 'logind did not report when the session started' }),
    caveats: [
      'desktop ready = when the session started its autostart programs; apps that open later are not counted',
      ...(t.undated ? [`${t.undated} login(s) without a session start time`] : []),
    ],
    cache: 'cold',
    measurements: [measure('wall_time', 's', 'lower', ok, { label: 'login to desktop' })],
    wallSeconds: ok,
    ioWaitShare: null,
    bytesWritten: 0,
    extra: { logins: t.logins, undated: t.undated },
  };
}
