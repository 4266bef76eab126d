// Runs the BUILT dist/main/main.js under plain Node, laid out as electron-builder packs it
// (…/resources/app.asar/dist/…, asarUnpack files in app.asar.unpacked), with a recording stand-in
// for `electron`: the wiring only a real launch would otherwise show.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, IPC_PREFIX } from '../../../../src/shared/contract';
import { parseProbeRecords } from '../../../../src/main/tasks/login-result';
import { RunStore } from '../../../../src/main/store/run-store';
import { CLOSE_QUESTION, CRASH_MESSAGE } from '../../../../src/main/shell/run-guard';
import { MINIMUM } from '../../../../src/main/shell/window-state';
import { detect } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';

/** A 1366×768 laptop under a 27 px top bar. */
const LAPTOP = { x: 0, y: 27, width: 1366, height: 741 };
const oldRun = importedRun(
  detect(
    readFileSync(join(process.cwd(), 'test/fixtures/tool-output/seed001-hdparm-ssd.txt'), 'utf8'),
  ),
  { id: 'app-run-1', createdAt: '2026-01-01T00:00:00.000Z', appVersion: 'old' },
);

const REPO = process.cwd();
// electron-builder's own YAML parser (a dependency of app-builder-lib; no types shipped).
const { load } = createRequire(__filename)('js-yaml') as { load: (text: string) => unknown };
const STAND_IN = resolve(__dirname, 'electron-stand-in.mjs');
const built =
  existsSync(join(REPO, 'dist/main/main.js')) && existsSync(join(REPO, 'dist/renderer/index.html'));
if (!built) console.warn('startup test skipped: dist/ is not built (run `npm run build` first)');
const isRoot = process.getuid?.() === 0;

/** The files asarUnpack's patterns select (a directory part plus a `*` file pattern at most). */
function unpackedFiles(appDir: string): string[] {
  const cfg = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as {
    asarUnpack: string[];
  };
  return cfg.asarUnpack.flatMap((pattern) => {
    const dir = dirname(pattern);
    const re = new RegExp(
      `^${pattern
        .slice(dir.length + 1)
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    );
    return readdirSync(join(appDir, dir))
      .filter((f) => re.test(f))
      .map((f) => join(dir, f));
  });
}

interface StandInLog {
  calls: { name: string; args: unknown[] }[];
  windows: ({ webPreferences: Record<string, unknown> } & Record<string, number>)[];
  powerSave: ({ start: string; id: number } | { stop: number })[];
  messageBoxes: { parented: boolean; message: string; detail?: string; buttons: string[] }[];
  reloads: number;
  quit: string[];
  loadFile: { file: string }[];
  handles: string[];
  ipcOn: string[];
  webContentsEvents: string[];
  session: string[];
  utilityForks: { path: string }[];
  spawns: { cmd: string; args: string[] }[];
  windowOpen?: { action: string };
  openDialog?: { properties: string[] };
  exitCode: number | null;
  error?: string;
  probes: Record<string, unknown> & {
    appInfoFromApp: { ok: boolean };
    appInfoFromSibling: { ok: boolean; error?: string };
    appInfoFromSubframe: { ok: boolean };
    navigation: Record<string, boolean>;
    sentEvents: { event: string; payload: Record<string, unknown> }[];
    benchStart: { ok: boolean; value?: { jobId: string }; error?: string };
    privileged: { ok: boolean; value?: { state: string; reason: string }; error?: string };
  };
}

describe.skipIf(!built)('the built main.js under a recording electron stand-in', () => {
  let tmp: string;
  let appDir: string;
  let unpackedDir: string;
  const page = (): string => pathToFileURL(join(appDir, 'dist/renderer/index.html')).href;

  function launch(args: string[], extraEnv: Record<string, string> = {}) {
    const logFile = join(tmp, `log-${Math.random().toString(36).slice(2)}.json`);
    const r = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(STAND_IN).href, join(appDir, 'dist/main/main.js'), ...args],
      {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: join(tmp, 'home'),
          XDG_CONFIG_HOME: join(tmp, 'home/.config'),
          XDG_RUNTIME_DIR: join(tmp, 'run'),
          DW_STANDIN_LOG: logFile,
          DW_STANDIN_USERDATA: join(tmp, 'userData'),
          DW_STANDIN_PAGE_URL: page(),
          DW_STANDIN_SIBLING_URL: pathToFileURL(join(appDir, 'dist/renderer-evil/x.html')).href,
          DW_STANDIN_IMPORT: join(tmp, 'hdparm.txt'),
          DW_STANDIN_TARGET: join(tmp, 'target'),
          DW_STANDIN_WORK_AREAS: JSON.stringify([LAPTOP]),
          ...extraEnv,
        },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const log = existsSync(logFile)
      ? (JSON.parse(readFileSync(logFile, 'utf8')) as StandInLog)
      : null;
    return { status: r.status, stderr: r.stderr, log };
  }

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'dw-startup-'));
    const resources = join(tmp, 'opt/Drivewise/resources');
    appDir = join(resources, 'app.asar');
    unpackedDir = join(resources, 'app.asar.unpacked');
    const noMaps = (src: string) => !src.endsWith('.map');
    cpSync(join(REPO, 'dist'), join(appDir, 'dist'), { recursive: true, filter: noMaps });
    cpSync(join(REPO, 'assets'), join(appDir, 'assets'), { recursive: true });
    copyFileSync(join(REPO, 'package.json'), join(appDir, 'package.json'));
    symlinkSync(join(REPO, 'node_modules'), join(appDir, 'node_modules'));
    for (const rel of unpackedFiles(appDir)) {
      mkdirSync(dirname(join(unpackedDir, rel)), { recursive: true });
      copyFileSync(join(appDir, rel), join(unpackedDir, rel));
    }
    for (const d of ['home/.config', 'run', 'userData', 'target'])
      mkdirSync(join(tmp, d), { recursive: true, mode: 0o700 });
    // What an older version left in Electron's userData: a run, and a place now off-screen.
    await new RunStore(join(tmp, 'userData')).save(oldRun);
    writeFileSync(
      join(tmp, 'userData/window-state.json'),
      JSON.stringify({ x: 2400, y: 1300, width: 1180, height: 820, maximized: false }),
    );
    writeFileSync(
      join(tmp, 'hdparm.txt'),
      '/dev/sda:\n Timing buffered disk reads: 500 MB in  3.00 seconds = 166.48 MB/sec\n',
    );
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  describe('a normal start', () => {
    let log: StandInLog;
    beforeAll(() => {
      const r = launch([]);
      if (!r.log || r.log.error || r.status !== 0)
        throw new Error(`main.js did not start: ${r.log?.error ?? r.stderr}`);
      log = r.log;
    }, 150_000);

    it('creates the window with a preload that exists and loads a page that exists', () => {
      expect(log.windows).toHaveLength(1);
      const prefs = log.windows[0]!.webPreferences;
      expect(prefs.preload).toBe(join(appDir, 'dist/main/preload.js'));
      expect(existsSync(String(prefs.preload))).toBe(true);
      expect(prefs).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      });
      expect(log.loadFile[0]!.file).toBe(join(appDir, 'dist/renderer/index.html'));
      expect(existsSync(log.loadFile[0]!.file)).toBe(true);
    });

    it('one store with the CLI: the old app folder’s run is listed by the app and by the CLI', () => {
      const shared = join(tmp, 'home/.config/drivewise/runs');
      expect(readdirSync(shared)).toContain('app-run-1.json');
      expect(existsSync(join(tmp, 'userData/runs/app-run-1.json'))).toBe(false);
      const listed = log.probes.runsList as { ok: boolean; value: { runs: { id: string }[] } };
      expect(listed.value.runs.map((r) => r.id)).toContain('app-run-1');
      const cli = spawnSync(process.execPath, [join(REPO, 'dist/main/cli.js'), 'runs', '--json'], {
        env: { PATH: process.env.PATH, HOME: join(tmp, 'home') },
        encoding: 'utf8',
      });
      expect(cli.status, cli.stderr).toBe(0);
      const fromCli = JSON.parse(cli.stdout) as { runs: { id: string }[] };
      expect(fromCli.runs.map((r) => r.id)).toEqual(listed.value.runs.map((r) => r.id));
    });

    it('the packages’ `drivewise` command runs this CLI through the app binary as Node', () => {
      const opt = join(tmp, 'opt/Drivewise');
      const launcher = join(tmp, 'drivewise');
      const text = readFileSync(join(REPO, 'assets/linux/drivewise'), 'utf8');
      writeFileSync(launcher, text.replaceAll('/opt/Drivewise', opt), { mode: 0o755 });
      // The app binary as far as the launcher is concerned: Node, only when asked to be Node.
      writeFileSync(
        join(opt, 'drivewise-app'),
        `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || { echo 'the GUI started' >&2; exit 9; }\n` +
          `exec '${process.execPath}' "$@"\n`,
        { mode: 0o755 },
      );
      const r = spawnSync(launcher, ['runs', '--json'], {
        env: { PATH: process.env.PATH, HOME: join(tmp, 'home') },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { runs: { id: string }[] }).runs.map((x) => x.id)).toContain(
        'app-run-1',
      );
    });

    it('the window fits a 1366×768 work area; a saved off-screen place is brought back', () => {
      const w = log.windows[0]!;
      expect(w.width).toBeLessThanOrEqual(LAPTOP.width);
      expect(w.height).toBeLessThanOrEqual(LAPTOP.height);
      expect(w.x).toBeGreaterThanOrEqual(LAPTOP.x);
      expect(w.y).toBeGreaterThanOrEqual(LAPTOP.y);
      expect(w.x! + w.width!).toBeLessThanOrEqual(LAPTOP.x + LAPTOP.width);
      expect(w.y! + w.height!).toBeLessThanOrEqual(LAPTOP.y + LAPTOP.height);
      expect([w.minWidth, w.minHeight]).toEqual([MINIMUM.width, MINIMUM.height]);
      // Closing saved where it now is.
      const saved = JSON.parse(readFileSync(join(tmp, 'userData/window-state.json'), 'utf8'));
      expect(saved).toEqual({ x: w.x, y: w.y, width: w.width, height: w.height, maximized: false });
    });

    it('a crashed page is reloaded with a message; with nothing running, closing just closes', () => {
      expect(log.reloads).toBe(1);
      expect(log.messageBoxes).toEqual([
        expect.objectContaining({ parented: true, message: CRASH_MESSAGE, detail: 'Reason: oom.' }),
      ]);
      expect(log.probes.idleClosePrevented).toBe(false);
    });

    it('registers a handler for every contract channel, and the ready listener', () => {
      expect([...log.handles].sort()).toEqual(channels.map((c) => IPC_PREFIX + c).sort());
      expect(log.ipcOn).toContain('drivewise:ready');
    });

    it('trusts the packaged page (…/app.asar/dist/renderer/index.html#…), not a sibling folder', () => {
      expect(page()).toContain('/resources/app.asar/dist/renderer/index.html');
      expect(log.probes.appInfoFromApp).toMatchObject({ ok: true });
      expect(log.probes.appInfoFromSibling).toEqual({ ok: false, error: 'untrusted sender' });
      expect(log.probes.appInfoFromSubframe).toMatchObject({ ok: false });
      expect(log.probes.navigation).toEqual({
        siblingBlocked: true,
        redirectOutBlocked: true,
        ownPageAllowed: true,
        webviewBlocked: true,
      });
      expect(log.windowOpen).toEqual({ action: 'deny' });
      expect(log.session).toEqual([
        'onHeadersReceived',
        'request:false',
        'check:false',
        'device:false',
      ]);
    });

    it('File → Import results… opens the chooser in main and hands the file to the page', () => {
      expect(log.openDialog?.properties).toEqual(['openFile']);
      const events = log.probes.sentEvents;
      expect(events).toContainEqual({
        event: 'menu.action',
        payload: { action: 'import-results' },
      });
      const chosen = events.find((e) => e.event === 'import.fileChosen');
      expect(chosen?.payload).toMatchObject({ name: 'hdparm.txt' });
      expect(String(chosen?.payload.text)).toContain('166.48 MB/sec');
    });

    it('starts the engine worker inside the archive (a utility process reads app.asar)', () => {
      expect(log.probes.benchStart).toMatchObject({ ok: true });
      expect(log.utilityForks.map((f) => f.path)).toEqual([
        join(appDir, 'dist/main/engine-worker.js'),
      ]);
      expect(existsSync(log.utilityForks[0]!.path)).toBe(true);
    });

    it.skipIf(!isRoot)('starts the root helper from app.asar.unpacked (as root: directly)', () => {
      const helper = log.spawns.find((s) => String(s.args[0]).endsWith('root-helper.js'));
      expect(helper?.args[0]).toBe(join(unpackedDir, 'dist/main/root-helper.js'));
      expect(log.probes.privileged).toMatchObject({ ok: true, value: { state: 'granted' } });
    });
  });

  describe('during a run (the real engine)', () => {
    let log: StandInLog;
    beforeAll(() => {
      const r = launch([], { DW_STANDIN_SCENARIO: 'run', DW_STANDIN_ANSWERS: '0,1' });
      if (!r.log || r.log.error || r.status !== 0)
        throw new Error(`run scenario failed: ${r.log?.error ?? r.stderr}`);
      log = r.log;
    }, 150_000);
    const jobId = () => log.probes.benchStart.value!.jobId;

    it('the power-save blocker starts with the run and stops when it ends', () => {
      expect(log.probes.powerSaveDuringRun).toEqual([{ start: 'prevent-app-suspension', id: 1 }]);
      expect(log.powerSave).toEqual([{ start: 'prevent-app-suspension', id: 1 }, { stop: 1 }]);
    });

    it('a crashed page is reloaded and finds the run still going', () => {
      expect(log.reloads).toBe(1);
      expect(log.messageBoxes[0]).toMatchObject({ message: CRASH_MESSAGE });
      expect(log.messageBoxes[0]!.detail).toContain('The measurement kept running');
      // Events wait for the reloaded page instead of going to a page that is not listening.
      expect(log.probes.sentWhileReloading).toBe(0);
      const list = log.probes.jobListAfterCrash as {
        value: { jobs: { jobId: string; kind: string; progress: { testId?: string }[] }[] };
      };
      expect(list.value.jobs).toEqual([expect.objectContaining({ jobId: jobId(), kind: 'bench' })]);
      expect(list.value.jobs[0]!.progress.length).toBeGreaterThan(0);
    });

    it('quitting and closing ask; "Keep measuring" keeps it running, "Cancel" leaves no files', () => {
      expect(log.probes.filesDuringRun).not.toEqual([]);
      const questions = log.messageBoxes.filter((b) => b.buttons.length > 1);
      expect(questions).toHaveLength(2);
      for (const q of questions) expect(q).toMatchObject({ ...CLOSE_QUESTION, parented: true });
      expect(log.probes.jobsAfterKeep).toEqual([jobId()]);
      // Ctrl+Q was held at before-quit; the window's close went through after the cancel.
      expect(log.probes.quitAfterKeep).toEqual(['prevented by before-quit']);
      expect(log.probes.secondClosePrevented).toBe(true);
      expect(log.quit).toEqual(['prevented by before-quit', 'quit']);
      expect(log.probes.finished).toEqual([
        expect.objectContaining({ jobId: jobId(), status: 'cancelled' }),
      ]);
      expect(log.probes.filesAfterQuit).toEqual([]);
      expect(readdirSync(join(tmp, 'target'))).toEqual([]);
    });
  });

  it('--drivewise-login-probe after --no-sandbox writes one record and opens nothing', () => {
    const records = join(tmp, 'home/.config/drivewise/login-probes.jsonl');
    const r = launch(['--no-sandbox', '--drivewise-login-probe', records]);
    expect(r.log?.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.log?.exitCode).toBe(0);
    expect(r.log?.windows).toEqual([]);
    expect(r.log?.calls.map((c) => c.name)).not.toContain('app.requestSingleInstanceLock');
    const recs = parseProbeRecords(readFileSync(records, 'utf8'));
    expect(recs).toHaveLength(1);
    expect(BigInt(recs[0]!.probeMonotonicUs)).toBeGreaterThan(0n);
    // A missing value is one line and a non-zero exit, not a window.
    const bad = launch(['--no-sandbox', '--drivewise-login-probe']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
