// The real `drivewise` process (dist/main/cli.js, built by the suite's global setup), for attacks
// that only show as a hang, a stack trace or an exit code of the whole process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const CLI = resolve('dist/main/cli.js');
export const isRoot = process.getuid?.() === 0;

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  /** The process had to be killed after `timeoutMs`: it hung. */
  hung: boolean;
  ms: number;
}

/** Runs the CLI with its own config dir; `onErr` sees stderr as it arrives (to signal mid-run). */
export function runDrivewise(
  args: string[],
  o: {
    configHome: string;
    cwd?: string;
    stdin?: Buffer | string;
    timeoutMs?: number;
    onErr?: (text: string, child: ReturnType<typeof spawn>) => void;
    closeStdoutAfterFirstChunk?: boolean;
  },
): Promise<CliResult> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: o.cwd ?? process.cwd(),
      env: { ...process.env, XDG_CONFIG_HOME: o.configHome, HOME: o.configHome },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, o.timeoutMs ?? 60_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (o.closeStdoutAfterFirstChunk) child.stdout.destroy();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      o.onErr?.(err, child);
    });
    child.stdin.on('error', () => undefined);
    if (o.stdin !== undefined) child.stdin.end(o.stdin);
    else child.stdin.end();
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, out, err, hung, ms: Date.now() - started });
    });
  });
}
