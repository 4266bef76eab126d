// Runs a command and measures its wall time and the CPU time (user + sys) of the command and
// every descendant it waited for. Node's process.resourceUsage() only covers this process, and
// /proc/<pid>/stat vanishes the moment the child is reaped, so the command runs under `sh`,
// whose `times` builtin prints getrusage(RUSAGE_CHILDREN) after the command finished (tar's gzip
// child included, since tar waits for it). The report goes to fd 3 so it never mixes with output.
import { spawn } from 'node:child_process';

export interface TimedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wall: number;
  cpu: number | null;
  /** The shell's pid, which is also its process group's id (what is left of it can be waited for). */
  pid: number | null;
}

/** Parses `times` output (bash: 0m0.010s, dash: 0m0.010000s); line 2 = children. */
export function parseTimes(text: string): { user: number; sys: number } | null {
  const lines = text.trim().split('\n');
  const child = lines[1] ?? '';
  const m = [...child.matchAll(/(\d+)m([\d.]+)s/g)];
  if (m.length < 2) return null;
  const sec = (x: RegExpMatchArray): number => Number(x[1]) * 60 + Number(x[2]);
  return { user: sec(m[0]!), sys: sec(m[1]!) };
}

const MAX_OUT = 1 << 20;

/**
 * `script` is a shell fragment using "$1".. for args (never interpolated, so paths are safe).
 * Abort kills the whole process group and resolves with signal set.
 */
export function runTimed(
  script: string,
  args: string[],
  opts: { signal?: AbortSignal; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TimedExit> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('sh', ['-c', `${script}\nrc=$?\ntimes >&3\nexit $rc`, 'sh', ...args], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
      cwd: opts.cwd,
      env: opts.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    let times = '';
    child.stdout!.on('data', (d: Buffer) => {
      if (stdout.length < MAX_OUT) stdout += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < MAX_OUT) stderr += d.toString();
    });
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => (times += d.toString()));
    const kill = (): void => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => {
      opts.signal?.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code, signal) => {
      opts.signal?.removeEventListener('abort', kill);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const t = parseTimes(times);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        wall,
        cpu: t ? t.user + t.sys : null,
        pid: child.pid ?? null,
      });
    });
  });
}
