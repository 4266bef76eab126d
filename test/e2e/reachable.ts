// The built CLI where another account can run it. A test that drops to another account (nobody)
// cannot run the checkout's dist/ when the checkout sits under a folder only root may enter, as
// root's home does on Debian and Ubuntu (0700): node then fails before printing a word. Such a
// test runs a copy in a world-readable temporary folder instead (hard links where the
// filesystem allows, so the copy costs seconds, not the size of node_modules).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** True when every folder above `path` lets other accounts pass (o+x). */
export function othersCanReach(path: string): boolean {
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

export interface ReachableCli {
  /** The CLI entry to run as the other account. */
  cli: string;
  /** A folder to use as that account's working directory. */
  cwd: string;
  /** Removes the copy (nothing when the checkout itself was reachable). */
  dispose(): void;
}

/** The checkout's dist/main/cli.js when others can reach it, else a copy they can. */
export function reachableCli(checkout = process.cwd()): ReachableCli {
  const cli = join(checkout, 'dist', 'main', 'cli.js');
  if (othersCanReach(cli)) return { cli, cwd: '/', dispose: () => undefined };
  const copy = mkdtempSync(join(tmpdir(), 'drivewise-reachable-'));
  chmodSync(copy, 0o755);
  for (const part of ['package.json', 'dist', 'node_modules']) {
    const from = join(checkout, part);
    try {
      execFileSync('cp', ['-al', from, copy], { stdio: 'pipe' });
    } catch {
      // Another filesystem (no hard links across it): a plain copy.
      execFileSync('cp', ['-a', from, copy], { stdio: 'pipe' });
    }
  }
  return {
    cli: join(copy, 'dist', 'main', 'cli.js'),
    cwd: copy,
    dispose: () => rmSync(copy, { recursive: true, force: true }),
  };
}
