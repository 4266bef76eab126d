// Killing the CLI mid-run must not leave a work folder: SIGTERM is a cancel, SIGKILL of the parent
// makes the engine process clean up after itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../security/sweep-helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('.drivewise-'));

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}

async function killMidRun(signal: NodeJS.Signals): Promise<{ dir: string; code: number | null }> {
  const dir = mkdtempSync(join('/var/tmp', 'dw-kill-'));
  const cfg = mkdtempSync(join(tmpdir(), 'dw-kill-cfg-'));
  dirs.push(dir, cfg);
  const child = spawn(
    process.execPath,
    [
      resolve('bin/drivewise.cjs'),
      'bench',
      '--dir',
      dir,
      '--tests',
      'dd-write,bonnie',
      '--size',
      '64M',
    ],
    {
      env: { ...process.env, XDG_CONFIG_HOME: cfg },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  expect(await waitFor(() => leftovers(dir).length === 1, 30_000)).toBe(true);
  // The CLI probes the drive for 1–2 s before it starts the engine: kill once the engine runs
  // (a kill before that leaves the folder to the next run's sweep, tested in test/security).
  expect(await waitFor(() => engineOf(child.pid!) !== undefined, 30_000)).toBe(true);
  await new Promise((r) => setTimeout(r, 500)); // let the engine get into a test
  child.kill(signal);
  return { dir, code: await exited };
}

describe('killing the CLI mid-run', () => {
  it('SIGTERM cancels: exit code 143 (128 + SIGTERM; Ctrl+C gives 130) and no work folder', async () => {
    const { dir, code } = await killMidRun('SIGTERM');
    expect(code).toBe(143);
    expect(await waitFor(() => leftovers(dir).length === 0, 5_000)).toBe(true);
  });

  it('SIGKILL of the parent: the engine process removes the work folder itself', async () => {
    const { dir } = await killMidRun('SIGKILL');
    expect(await waitFor(() => leftovers(dir).length === 0, 5_000)).toBe(true);
  });
});
