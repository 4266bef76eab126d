// What the fleet playbook test needs around its hosts: ansible-playbook with the test's settings
// (run to its end, or interrupted the way Ctrl-C does), a look at a host over ssh, a folder tree
// to compare before and after, a full filesystem and a sudo account.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Fleet, NsHost } from './hosts';

const children = new Set<ChildProcess>();
/** Stops any ansible-playbook still running (the test timed out). */
export const stopPlaybooks = (): void => children.forEach((c) => c.kill('SIGTERM'));

export interface PlaybookRun {
  code: number;
  out: string;
  seconds: number;
}

/**
 * ansible-playbook in `root`, with each task one ssh session and no ssh master left behind.
 * `interrupt(out)` is asked as output comes and twice a second; once it says true, the whole process group gets
 * SIGINT, as a terminal's Ctrl-C does (the playbook, its workers and their ssh clients).
 */
export function ansible(
  args: string[],
  root: string,
  interrupt?: (out: string) => boolean,
): Promise<PlaybookRun> {
  const env = {
    ...process.env,
    ANSIBLE_HOME: join(root, 'ansible-home'),
    ANSIBLE_LOCAL_TEMP: join(root, 'ansible-local'),
    ANSIBLE_HOST_KEY_CHECKING: 'False',
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_RETRY_FILES_ENABLED: 'False',
    // One ssh session per task instead of several (the README recommends it for fleets too).
    ANSIBLE_PIPELINING: 'True',
    ANSIBLE_SSH_ARGS: '-o ControlMaster=no -o UserKnownHostsFile=/dev/null',
  };
  const t0 = Date.now();
  return new Promise((resolve) => {
    const p = spawn('ansible-playbook', args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: interrupt !== undefined,
    });
    children.add(p);
    let out = '';
    let sent = false;
    const ask = () => {
      if (interrupt && !sent && interrupt(out)) {
        sent = true;
        process.kill(-p.pid!, 'SIGINT');
      }
    };
    const more = (d: Buffer) => {
      out += d.toString();
      ask();
    };
    const timer = interrupt ? setInterval(ask, 500) : undefined;
    p.stdout.on('data', more);
    p.stderr.on('data', more);
    p.on('close', (code) => {
      clearInterval(timer);
      children.delete(p);
      resolve({ code: code ?? -1, out, seconds: (Date.now() - t0) / 1000 });
    });
  });
}

/** A command on a host over ssh, as root, with the fleet's key. */
export function onHost(f: Fleet, h: NsHost, command: string): string {
  return execFileSync(
    'ssh',
    [
      '-i',
      f.key,
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'LogLevel=ERROR',
      `root@${h.address}`,
      command,
    ],
    { encoding: 'utf8' },
  );
}

/** Every path under `dir` (hidden ones too), to compare before and after a run. */
export function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(relative(dir, p));
      if (e.isDirectory() && !e.isSymbolicLink()) walk(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** A tmpfs of 16 MiB, filled to the last block. */
export function fullFs(dir: string): () => void {
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=1777', 'tmpfs', dir]);
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(dir, 'fill')}`, 'bs=1M', 'status=none']);
  } catch {
    /* ENOSPC: full, as wanted */
  }
  return () => execFileSync('umount', [dir]);
}

/** An account without a home that may use sudo without a password, as an admin's would. */
export function sudoAccount(name: string): () => void {
  // '*': no password, but not locked (sshd refuses a locked account without PAM).
  execFileSync('useradd', ['-M', '-s', '/bin/sh', '-p', '*', name]);
  const rule = `/etc/sudoers.d/${name}`;
  writeFileSync(rule, `${name} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  return () => {
    rmSync(rule, { force: true });
    execFileSync('userdel', [name]);
  };
}
