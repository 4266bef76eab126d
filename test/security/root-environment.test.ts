// Issue 37, class 2: the environment that `sudo -E` keeps, and the current folder, naming code
// root runs. A second account owns a folder holding an engine worker script, a shared library
// posing as the native addon, a program posing as Chromium, an `lsblk` on PATH, and a checkout-
// like build/Release and dist/main for a CLI run from its folder. Each, when run, leaves a marker
// named by the uid it ran as. The control runs each the plain way (fork, dlopen, exec, PATH
// lookup, the current folder's build/Release): every one leaves a root marker. The protected
// side is the real CLI as root with those variables set and that folder as its current one.
import { execFileSync, fork, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/create-services';
import { isRoot, CLI } from './cli-run';
import { secondAccount } from './second-account';
import { sampleRun } from './store-fixtures';
import { sweepDirs } from './sweep-helpers';
import { recordAttack, recordControl } from './tally';

const SECTION = 'issue 37 class 2 (the environment as root)';

const tmp = sweepDirs();
const a = secondAccount(isRoot);
let base = '';
let eve = '';
let markers = '';
let target = '';
let cfg = '';
let copyCli = '';
const RUN_ID = '2026-11-30T07-19-50-805Z-c37c2a';

const hasCc = (): boolean => {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Markers left by code that ran as root (named <what>-<uid>), removed again. */
function rootMarkers(): string[] {
  const found = readdirSync(markers).filter((n) => n.endsWith('-0'));
  for (const n of readdirSync(markers)) rmSync(join(markers, n), { force: true });
  return found;
}

function plant(): void {
  const mark = (what: string): string => `${markers}/${what}-`;
  writeFileSync(
    join(eve, 'engine.js'),
    `require('fs').writeFileSync(${JSON.stringify(mark('engine'))} + process.getuid(), '');\n`,
  );
  // A shared library whose constructor runs at dlopen, before Node looks for a module in it.
  const lib = (what: string, out: string): void => {
    const c = join(eve, `${what}.c`);
    writeFileSync(
      c,
      `#include <stdio.h>\n#include <unistd.h>\nstatic void __attribute__((constructor)) hit(void) {\n  char p[4096]; snprintf(p, sizeof p, "${mark(what)}%d", (int)getuid());\n  FILE *f = fopen(p, "w"); if (f) fclose(f);\n}\n`,
    );
    execFileSync('cc', ['-shared', '-fPIC', '-o', out, c]);
  };
  lib('addon', join(eve, 'addon.node'));
  mkdirSync(join(eve, 'build', 'Release'), { recursive: true });
  lib('cwd-addon', join(eve, 'build', 'Release', 'drivewise_aio.node'));
  const sh = (what: string) => `#!/bin/sh\ntouch "${mark(what)}$(id -u)"\n`;
  writeFileSync(join(eve, 'chrome'), sh('chrome'), { mode: 0o755 });
  mkdirSync(join(eve, 'bin'));
  for (const tool of ['lsblk', 'findmnt', 'udevadm', 'df', 'sync', 'tar'])
    writeFileSync(join(eve, 'bin', tool), sh(`path-${tool}`), { mode: 0o755 });
  execFileSync('chown', ['-R', `${a.uid}:${a.gid}`, eve]);
}

beforeAll(async () => {
  if (!isRoot || !hasCc()) return;
  base = tmp('c37-2', '/var/tmp');
  chmodSync(base, 0o755);
  eve = join(base, 'eve');
  mkdirSync(eve, { mode: 0o755 });
  chownSync(eve, a.uid, a.gid);
  markers = join(base, 'markers');
  mkdirSync(markers);
  chmodSync(markers, 0o1777);
  target = join(base, 'target');
  mkdirSync(target, { mode: 0o755 });
  plant();
  // The built CLI copied where no addon sits beside it or in a build/ above it, as an install
  // without the addon is: only the current folder's build/Release would then offer one.
  const app = join(base, 'app');
  cpSync(resolve('dist/main'), join(app, 'dist', 'main'), {
    recursive: true,
    filter: (p) => !p.endsWith('.node'),
  });
  symlinkSync(resolve('node_modules'), join(app, 'node_modules'));
  copyCli = join(app, 'dist', 'main', 'cli.js');
  cfg = join(base, 'cfg');
  await createServices({ configDir: join(cfg, 'drivewise') }).runs.save(sampleRun(RUN_ID));
});

/** The real CLI as root, with `env` over this process's environment; resolves to its output. */
function cliAsRoot(
  script: string,
  args: string[],
  o: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<{ code: number | null; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: o.cwd ?? process.cwd(),
      env: { ...process.env, XDG_CONFIG_HOME: cfg, ...o.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => done({ code, err }));
  });
}

const BENCH = ['bench', '--dir', '', '--tests', 'dd-write', '--size', '1M'];

describe.skipIf(!isRoot || !hasCc())(
  'issue 37 class 2: the environment and the current folder as root (second account)',
  () => {
    it('control: each planted file, run the plain way, runs as root', async () => {
      rootMarkers();
      const hits: string[] = [];
      for (let round = 0; round < 4; round++) {
        await new Promise((r) =>
          fork(join(eve, 'engine.js'), [], { stdio: 'ignore' }).on('exit', r),
        );
        // The variable's addon, and the current folder's build/Release the old search reached;
        // a fresh name each round, as a library already loaded is not loaded (run) again.
        for (const lib of [
          join(eve, 'addon.node'),
          join(eve, 'build/Release/drivewise_aio.node'),
        ]) {
          const copy = join(base, `control-${round}-${lib.length}.node`);
          cpSync(lib, copy);
          try {
            createRequire(__filename)(copy);
          } catch {
            /* its constructor ran at dlopen; it is no N-API module */
          }
        }
        execFileSync(join(eve, 'chrome'));
        execFileSync('lsblk', { env: { PATH: `${join(eve, 'bin')}:${process.env['PATH']}` } });
        hits.push(...rootMarkers());
      }
      console.log(
        `issue 37 class 2 control: ${hits.length} root runs of the account's code in 4 rounds (${[...new Set(hits.map((h) => h.replace(/-0$/, '')))].join(', ')})`,
      );
      for (const what of ['engine', 'addon', 'cwd-addon', 'chrome', 'path-lsblk'])
        recordControl(SECTION, `${what} run the plain way`, hits.includes(`${what}-0`));
      expect(hits.length).toBe(20);
    });

    it('protected: the real CLI as root ignores or refuses each, in one line', async () => {
      rootMarkers();
      const env = {
        DRIVEWISE_ENGINE_WORKER: join(eve, 'engine.js'),
        DRIVEWISE_AIO_ADDON: join(eve, 'addon.node'),
        PATH: `${join(eve, 'bin')}:${process.env['PATH']}`,
      };
      const bench = BENCH.map((x) => x || target);
      const runs = [
        await cliAsRoot(CLI, bench, { env }),
        await cliAsRoot(CLI, ['drives'], { env }),
        await cliAsRoot(CLI, ['report', RUN_ID, '--pdf', join(target, 'r.pdf')], {
          env: { CHROME_PATH: join(eve, 'chrome') },
        }),
        // A CLI with no addon of its own, run from the account's folder.
        await cliAsRoot(copyCli, bench, { cwd: eve }),
      ];
      const hits = rootMarkers();
      const said = (re: RegExp): boolean => runs.some((r) => re.test(r.err));
      const lines = {
        engine: said(/^drivewise: ignoring DRIVEWISE_ENGINE_WORKER=.* as root: .*belongs to uid/m),
        addon: said(/^drivewise: ignoring DRIVEWISE_AIO_ADDON=.* as root: .*belongs to uid/m),
        path: said(/^drivewise: leaving .*\/eve\/bin out of PATH as root/m),
        chrome: /^drivewise: refusing to run CHROME_PATH=.* as root: .*belongs to uid/m.test(
          runs[2]!.err,
        ),
      };
      const codes = runs.map((r) => r.code);
      console.log(
        `issue 37 class 2 protected: 4 real CLI runs as root (bench with both variables and the account's PATH, drives, report --pdf with CHROME_PATH, bench of an addon-less copy from the account's folder): exit codes ${codes.join(', ')}; lines said ${Object.entries(
          lines,
        )
          .filter(([, v]) => v)
          .map(([k]) => k)
          .join(
            ', ',
          )}; code of the account run as root: ${hits.length}${hits.length ? ` (${hits.join(', ')})` : ''}`,
      );
      const held =
        hits.length === 0 &&
        Object.values(lines).every(Boolean) &&
        codes[0] === 0 &&
        codes[3] === 0 &&
        codes[2] !== 0;
      recordAttack('issue 37 class 2: engine, addon, Chromium, PATH and current folder as root', {
        held,
        counts: { foreignCode: hits.length },
      });
      expect(hits).toEqual([]);
      expect(lines).toEqual({ engine: true, addon: true, path: true, chrome: true });
      expect(codes[0]).toBe(0);
      expect(codes[3]).toBe(0);
    });
  },
);
