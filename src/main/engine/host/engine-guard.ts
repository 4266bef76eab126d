// What root takes from an engine beyond its schema (issue 37, class 3): a lent engine runs as the
// owner of the folder being measured, who can drive it and send anything its protocol allows. A
// flood of progress with made-up test ids grew the host by 490 MB, and job.list answered 157 MB.
// So only the plan's tests, at their own index, each started and finished once, and a test's
// progress at most every PROGRESS_EVERY_MS (the engine sends it every 200 ms); the rest is
// dropped and counted. The channel's own bounds (size, messages a second) are in line-channel.ts.
import type { FromEngine } from '../protocol';

/** Progress of one test closer together than this is dropped (the final 1 never is). */
export const PROGRESS_EVERY_MS = 100;

export interface EngineGuard {
  /** Whether `m` is one root acts on; false counts it as dropped. */
  accept(m: FromEngine, now?: number): boolean;
  dropped(): number;
}

export function engineGuard(tests: readonly string[]): EngineGuard {
  const started = new Set<number>();
  const finished = new Set<string>();
  const lastProgress = new Map<number, number>();
  const once = new Set<FromEngine['type']>();
  let dropped = 0;
  const atIndex = (testId: string, index: number): boolean => tests[index] === testId;
  const judge = (m: FromEngine, now: number): boolean => {
    switch (m.type) {
      case 'progress': {
        if (!atIndex(m.testId, m.index)) return false;
        const last = lastProgress.get(m.index);
        if (m.fraction < 1 && last !== undefined && now - last < PROGRESS_EVERY_MS) return false;
        lastProgress.set(m.index, now);
        return true;
      }
      case 'test-start':
        if (!atIndex(m.testId, m.index) || started.has(m.index)) return false;
        started.add(m.index);
        return true;
      case 'result':
        if (!tests.includes(m.result.testId) || finished.has(m.result.testId)) return false;
        finished.add(m.result.testId);
        return true;
      case 'privileged':
        return true; // answered or refused by the client, per whose engine it is
      default:
        if (once.has(m.type)) return false;
        once.add(m.type);
        return true;
    }
  };
  return {
    accept: (m, now = Date.now()) => {
      const ok = judge(m, now);
      if (!ok) dropped++;
      return ok;
    },
    dropped: () => dropped,
  };
}
