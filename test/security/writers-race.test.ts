// The symlink race on an output path in a shared (sticky, world-writable) folder, run for real:
// an unprivileged user created for this test plants and removes a link to a root-owned file as
// fast as it can while root writes the same path over and over. Also the --json swap during a
// real bench: the link appears between the up-front check and the write at the end.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, lstatSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { createServices } from '../../src/main/create-services';
import { writeFileSafe } from '../../src/main/core/safe-write';
import { capture, tempDirs } from '../integration/engine/helpers';
import { isRoot } from './cli-run';
import { recordAttack } from './tally';

const tempDir = tempDirs();
const USER = `s31sec${process.pid % 100000}w`;
let uid = 0;

beforeAll(() => {
  if (!isRoot) return;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
  uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
});
afterAll(() => {
  if (isRoot && uid) execFileSync('userdel', [USER]);
});

describe.skipIf(!isRoot)(
  'symlink race against root writes (unprivileged attacker, needs root)',
  () => {
    it('plant/remove a link to a root file at the output path for 4 s: never written through', async () => {
      const shared = tempDir('sec-race-shared');
      chmodSync(shared, 0o1777);
      const secretDir = tempDir('sec-race-secret');
      const victim = join(secretDir, 'shadow');
      writeFileSync(victim, 'root secret\n', { mode: 0o600 });
      const target = join(shared, 'report.json');
      const attacker = spawn(
        'setpriv',
        [
          `--reuid=${uid}`,
          `--regid=${uid}`,
          '--clear-groups',
          process.execPath,
          '-e',
          `const fs=require('fs');for(;;){try{fs.symlinkSync(${JSON.stringify(victim)},${JSON.stringify(target)})}catch{}
         try{fs.unlinkSync(${JSON.stringify(target)})}catch{}}`,
        ],
        { stdio: 'ignore' },
      );
      let written = 0;
      let refused = 0;
      let other = 0;
      try {
        await new Promise((r) => setTimeout(r, 500));
        const until = Date.now() + 4000;
        for (let i = 0; Date.now() < until; i++) {
          try {
            await writeFileSafe(target, `ours ${i}\n`, { overwrite: i % 2 === 0 });
            written++;
            // Take our file away again (only if it is ours: a regular file with our content).
            try {
              if (lstatSync(target).isFile() && readFileSync(target, 'utf8') === `ours ${i}\n`)
                unlinkSync(target);
            } catch {
              /* the attacker was faster */
            }
          } catch (err) {
            if (/symbolic link|already exists|appeared while writing/.test((err as Error).message))
              refused++;
            else other++;
          }
        }
      } finally {
        attacker.kill('SIGKILL');
      }
      const intact = readFileSync(victim, 'utf8') === 'root secret\n';
      console.info(`symlink race: ${written} writes landed, ${refused} refused, ${other} other`);
      const held = intact && other === 0 && refused > 0;
      recordAttack(
        `race: symlink swap at a root-written path (${written} written, ${refused} refused)`,
        {
          held,
          outsideTouched: intact ? 0 : 1,
        },
      );
      expect({ intact, other, someRefused: refused > 0 }).toEqual({
        intact: true,
        other: 0,
        someRefused: true,
      });
      rmSync(target, { force: true });
    });
  },
);

describe('--json swapped for a link during a real bench', () => {
  it('the link is refused at the end; the run is in the history; the linked file is untouched', async () => {
    const shared = tempDir('sec-json-shared');
    chmodSync(shared, 0o1777);
    const victim = join(tempDir('sec-json-victim'), 'important.conf');
    writeFileSync(victim, 'keep me\n');
    const json = join(shared, 'run.json');
    const s = createServices({ configDir: tempDir('sec-json-cfg') });
    const c = capture();
    let planted = false;
    const io = {
      out: c.io.out,
      err: (t: string) => {
        if (!planted && /ETA/.test(t)) {
          planted = true;
          execFileSync('ln', ['-s', victim, json]);
        }
        c.io.err(t);
      },
    };
    const target = tempDir('sec-json-target');
    const code = await runCli(
      [
        'bench',
        '--dir',
        target,
        '--tests',
        'seeker',
        '--size',
        'file=16M,seekerSeconds=0.3',
        '--json',
        json,
        '--force',
      ],
      io,
      s,
    );
    const err = c.err.join('');
    const id = /saved run (\S+)/.exec(c.out.join(''))?.[1];
    const runs = await s.runs.list();
    const held =
      code === 1 &&
      /--json failed: refusing to write .*run\.json: it is a symbolic link/.test(err) &&
      readFileSync(victim, 'utf8') === 'keep me\n' &&
      lstatSync(json).isSymbolicLink() &&
      !!id &&
      runs.some((r) => r.id === id);
    recordAttack('race: --json replaced by a symlink mid-bench (with --force)', {
      held,
      outsideTouched: readFileSync(victim, 'utf8') === 'keep me\n' ? 0 : 1,
    });
    expect(err).toMatch(/--json failed: refusing to write/);
    expect(held).toBe(true);
  });
});
