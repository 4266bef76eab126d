// Shared by the sweep and fault tests: planting lookalikes, fingerprinting what must stay, and
// running the built CLI as a real process.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { newRunId } from '../../src/main/store/run-store';

export const isRoot = process.getuid?.() === 0;

/** Every entry under `root` (not following links) with what would change if it were touched. */
export function fingerprint(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string): void => {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    out.set(p, `${st.mode}:${st.uid}:${st.ino}:${st.size}:${st.mtimeMs}`);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(root);
  return out;
}

/** How many entries of `before` vanished or changed since. */
export function touched(before: Map<string, string>, roots: string[]): number {
  const now = new Map<string, string>();
  for (const r of roots) for (const [k, v] of fingerprint(r)) now.set(k, v);
  let n = 0;
  for (const [k, v] of before)
    if (now.get(k) !== v) {
      if (process.env['DW_DEBUG_TOUCHED']) console.log('touched', k, v, now.get(k));
      n++;
    }
  return n;
}

/** A temp-dir maker for one test file; removes what it made afterwards. */
export function sweepDirs(): (prefix: string, parent?: string) => string {
  const made: string[] = [];
  afterAll(() => made.reverse().forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (prefix, parent = tmpdir()) => {
    const d = mkdtempSync(join(parent, `dw-${prefix}-`));
    made.push(d);
    return d;
  };
}

/** A work folder as Drivewise makes it: exact name, 0700, owner record of `pid`. */
export function workFolder(
  dir: string,
  pid: number | null,
  opts: { mode?: number; start?: number } = {},
): string {
  const d = join(dir, `.drivewise-${newRunId()}`);
  mkdirSync(d);
  chmodSync(d, opts.mode ?? 0o700);
  if (pid !== null)
    writeFileSync(
      join(d, 'owner.json'),
      JSON.stringify({ pid, ...(opts.start !== undefined ? { start: opts.start } : {}) }),
    );
  return d;
}

/** A pid that names no process now (a child that has exited). */
export async function deadPid(): Promise<number> {
  const c = spawn('true');
  await new Promise((r) => c.on('exit', r));
  return c.pid!;
}

export const CLI = resolve('dist/main/cli.js');

export interface CliRun {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  out: () => string;
  err: () => string;
}

/** `node dist/main/cli.js ...args` as its own process, with its own config (store) folder. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  let out = '';
  let err = '';
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('close', (code, signal) => r({ code, signal })),
  );
  return { child, exited, out: () => out, err: () => err };
}

/** The pids of `pid`'s children (the engine process of a CLI run). */
export function childrenOf(pid: number): number[] {
  try {
    const out: number[] = [];
    for (const t of readdirSync(`/proc/${pid}/task`))
      out.push(
        ...readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8')
          .split(/\s+/)
          .filter(Boolean)
          .map(Number),
      );
    return out;
  } catch {
    return [];
  }
}

/** The engine process of a CLI run (a child running engine-worker.js), if it is running. */
export function engineOf(pid: number): number | undefined {
  return childrenOf(pid).find((c) => {
    try {
      return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('engine-worker');
    } catch {
      return false;
    }
  });
}

export async function waitFor(cond: () => boolean, ms: number, step = 25): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return cond();
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
