import { readdirSync, readFileSync } from 'node:fs';
import type { TestContext } from '../../../src/main/engine/types';
import { tempDirs } from '../engine/helpers';

/** Work folders made here are removed after the importing test file's tests. */
const tempDir = tempDirs();

export interface Recorded {
  ctx: TestContext;
  fractions: number[];
  messages: string[];
  abort: AbortController;
}

export function makeContext(over: Partial<TestContext> = {}, base?: string): Recorded {
  const dir = base ?? tempDir('task');
  const fractions: number[] = [];
  const messages: string[] = [];
  const abort = new AbortController();
  const ctx: TestContext = {
    workDir: dir,
    targetDir: dir,
    device: null,
    signal: abort.signal,
    repetitions: 1,
    sizes: {},
    privileged: null,
    options: {},
    progress: (f, _live, message) => {
      fractions.push(f);
      if (message) messages.push(message);
    },
    ...over,
  };
  return { ctx, fractions, messages, abort };
}

/** Processes whose command line names `dir` (a copy load's dd, an app's profile), but this one. */
export function processesIn(dir: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(dir)) out.push(`${pid}: ${cmd}`);
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}
