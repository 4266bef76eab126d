// Runs a read-only query tool (systemd-analyze, loginctl, journalctl, ldd) and returns its text.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface ExecText {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the tool could not be started at all (ENOENT). */
  missing?: boolean;
}

export type ExecFn = (cmd: string, args: string[], signal?: AbortSignal) => Promise<ExecText>;

export const execText: ExecFn = (cmd, args, signal) =>
  new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { maxBuffer: 32 << 20, timeout: 60_000, signal, env: { ...process.env, LC_ALL: 'C' } },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: unknown }) | null;
        if (e && e.code === 'ENOENT')
          resolve({ code: null, stdout: '', stderr: '', missing: true });
        else resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout, stderr });
      },
    );
  });

/**
 * Whether systemd runs this machine (sd_booted(3): /run/systemd/system exists). Without it,
 * systemd-analyze and the journal answer "not available" in a fraction of a second, which is what
 * the plan's estimate for the boot and hibernate readers should say.
 */
export const systemdBooted = (): boolean => existsSync('/run/systemd/system');
