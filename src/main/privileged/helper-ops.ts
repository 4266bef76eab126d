// The helper's non-streaming operations. Tools are looked up in fixed system directories only:
// the helper runs as root, so PATH from the invoking user must not pick the binary.
import { execFile } from 'node:child_process';
import { accessSync, close, constants, fstat, open, promises as fsp } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { parseLsblk, type BlockDeviceEntry, type GuardFs } from './device-guard';
import { MAX_ANSWER_CHARS, type IdentifyAnswer, type JournalArgs } from './protocol';

const SYSTEM_DIRS = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'];

export function systemTool(name: string, dirs = SYSTEM_DIRS): string | null {
  for (const d of dirs) {
    const p = join(d, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return null;
}

interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a tool without a shell and with a minimal environment; never rejects on exit codes. */
export function runTool(
  file: string,
  args: string[],
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: opts.timeoutMs ?? 30_000,
        maxBuffer: 8 * 1024 * 1024,
        env: { PATH: SYSTEM_DIRS.join(':'), LC_ALL: 'C' },
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      (err, stdout, stderr) => {
        const code = err && typeof err.code === 'number' ? err.code : err ? null : 0;
        if (err && code === null) reject(err);
        else resolve({ stdout: String(stdout), stderr: String(stderr), code });
      },
    );
  });
}

const cap = (s: string): string =>
  s.length > MAX_ANSWER_CHARS ? s.slice(0, MAX_ANSWER_CHARS) + '\n[truncated]\n' : s;

export async function listBlockDevices(): Promise<BlockDeviceEntry[]> {
  const lsblk = systemTool('lsblk');
  if (!lsblk) throw new Error('lsblk is not installed');
  const r = await runTool(lsblk, ['-J', '-b', '-p', '-o', 'NAME,MAJ:MIN,TYPE,SIZE']);
  if (r.code !== 0) throw new Error(`lsblk failed: ${r.stderr.trim().split('\n')[0]}`);
  return parseLsblk(r.stdout);
}

export const realGuardFs: GuardFs = {
  lstat: (p) => fsp.lstat(p),
  realpath: (p) => fsp.realpath(p),
  // Not fsp.open: a FileHandle closes its fd when garbage-collected, under the running test.
  open: (p, flags) => promisify(open)(p, flags),
  fstat: promisify(fstat),
  close: (fd) => new Promise((res) => close(fd, () => res())),
  listBlockDevices,
};

/**
 * Drops the clean page cache, dentries and inodes (what the seeds did with sudo). No global
 * `sync` first: it wrote out every other disk's dirty data too, and on a shared machine waited
 * 7-14 s back to back; the engine syncs its own folder's filesystem (syncfs) before it asks, which
 * is all a cold task needs (its files clean, so dropped).
 */
export async function dropCaches(): Promise<{ dropped: true }> {
  await fsp.writeFile('/proc/sys/vm/drop_caches', '3\n');
  return { dropped: true };
}

/**
 * hdparm's cache flush before -t is sync + BLKFLSBUF (blockdev --flushbufs). BLKFLSBUF itself
 * syncs the device and the filesystem on it (fsync_bdev) before it invalidates, so the global
 * `sync` is left out (it waited on every other disk's writeback). BLKFLSBUF can leave pages behind
 * (seen on loop devices here), so the clean page cache is dropped as well: a "cache flushed"
 * result must really come from the device.
 */
export async function flushDeviceBuffers(device: string): Promise<void> {
  const blockdev = systemTool('blockdev');
  if (blockdev) await runTool(blockdev, ['--flushbufs', device]);
  await fsp.writeFile('/proc/sys/vm/drop_caches', '1\n');
}

/** Raw output of the identify tools; the app parses it (src/main/drives). */
export async function identify(device: string): Promise<IdentifyAnswer> {
  const notes: string[] = [];
  const run = async (tool: string, args: string[]): Promise<string | null> => {
    const bin = systemTool(tool);
    if (!bin) {
      notes.push(`${tool} is not installed`);
      return null;
    }
    try {
      // smartctl's exit status is a bit mask that is non-zero for many healthy drives; keep stdout.
      const r = await runTool(bin, [...args, device], { timeoutMs: 20_000 });
      if (!r.stdout.trim() && r.code !== 0)
        notes.push(`${tool}: ${r.stderr.trim().split('\n')[0] || `exit code ${r.code}`}`);
      return cap(r.stdout);
    } catch (err) {
      notes.push(`${tool}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      return null;
    }
  };
  const [smartctl, hdparm] = await Promise.all([
    run('smartctl', ['-a', '-j']),
    run('hdparm', ['-I']),
  ]);
  return { smartctl, hdparm, notes };
}

/** Journal lines matching `grep` from the last `boots` boots (root can read the system journal). */
export async function journal(args: JournalArgs): Promise<string> {
  const bin = systemTool('journalctl');
  if (!bin) throw new Error('journalctl is not installed');
  const parts: string[] = [];
  for (let b = 0; b < (args.boots ?? 1); b++) {
    const r = await runTool(bin, [
      '--no-pager',
      '--quiet',
      '-o',
      'short-iso-precise',
      '-n',
      '2000',
      '-b',
      String(-b),
      '--grep',
      args.grep,
    ]);
    // journalctl exits 1 when nothing matched or that boot does not exist: an empty answer.
    if (r.code === 0) parts.push(r.stdout);
  }
  return cap(parts.join(''));
}
