// Issue 37, class 3: the engine root lends to the owner of the folder it measures is hers to drive
// (she can attach to it: the engine here is simply hers, test/security/lent-kit.ts). From inside
// she asks root's helper for the journal with her own pattern, a cache drop and a raw read, writes
// a forged "saved run ../../forged" line and escapes to the streams and the terminal root gave
// her, floods progress under 100,000 made-up test ids and sends a 32 MiB message with no end.
// The control is the parent as it was (Node's IPC, inherited streams and terminal, every
// privileged request answered, every progress row kept); the protected side is the real client
// (runEngine, forkSpawner with the account) and the real CLI on a terminal (script(1)'s pty).
import { execFileSync, fork, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileAccount } from '../../src/main/core/file-owner';
import { EventBus } from '../../src/main/core/event-bus';
import { JobManager } from '../../src/main/core/jobs';
import { forkSpawner, runEngine } from '../../src/main/engine/host/client';
import type { PrivilegedOps } from '../../src/main/engine/types';
import { CLI, isRoot } from './cli-run';
import { hostileEngine } from './lent-kit';
import { secondAccount } from './second-account';
import { sweepDirs } from './sweep-helpers';
import { recordAttack, recordControl } from './tally';

const SECTION = 'issue 37 class 3 (the lent engine)';

const tmp = sweepDirs();
const a = secondAccount(isRoot);
let base = '';
let home = '';
let markers = '';
/** Root's copy, in a folder only root may enter (the real client lends a copy of it). */
let rootScript = '';
/** The same, readable by the account, for the control's plain fork. */
let openScript = '';
/** One that sends a message with no end instead of a flood. */
let hugeScript = '';

const hasScript = spawnSync('script', ['--version']).status === 0;
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const account = (): FileAccount => ({ uid: a.uid, gid: a.gid, name: a.name, home: '/' });

beforeAll(() => {
  if (!isRoot) return;
  base = tmp('c37-3', '/var/tmp');
  chmodSync(base, 0o755);
  home = join(base, 'home');
  mkdirSync(home, { mode: 0o755 });
  chownSync(home, a.uid, a.gid);
  markers = join(base, 'markers');
  mkdirSync(markers);
  chmodSync(markers, 0o1777);
  // Root's own code lives where only root may write, every folder above included (as root a
  // DRIVEWISE_ENGINE_WORKER elsewhere is ignored): the checkout's cache folder.
  mkdirSync(resolve('node_modules/.cache'), { recursive: true });
  const priv = mkdtempSync(join(resolve('node_modules/.cache'), 'dw-c37-3-'));
  made.push(priv);
  rootScript = join(priv, 'engine.js');
  writeFileSync(rootScript, hostileEngine(markers), { mode: 0o644 });
  hugeScript = join(priv, 'huge.js');
  writeFileSync(hugeScript, hostileEngine(markers, 'huge'), { mode: 0o644 });
  openScript = join(base, 'engine.js');
  writeFileSync(openScript, hostileEngine(markers), { mode: 0o644 });
});

/** Root's helper, counting what it is asked. */
function countingOps(): { ops: PrivilegedOps; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    ops: {
      dropCaches: async () => void asked.push('dropCaches'),
      rawRead: async () => (asked.push('rawRead'), { MBps: 1 }),
      journal: async (o) => (asked.push(`journal ${o.grep}`), ''),
    },
  };
}

const PLAN = {
  workDir: '',
  targetDir: '',
  device: null,
  tests: ['dd-write'],
  repetitions: 1,
  sizes: {},
  options: {},
};

/**
 * The parent before the fix: IPC, every privileged request answered, the latest progress of every
 * test id kept as a row (what job.list answered) and sent on as an event.
 */
function plainParent(
  ops: PrivilegedOps,
): Promise<{ out: string; events: number; listBytes: number; rss: number }> {
  return new Promise((done) => {
    const child = fork(openScript, [], {
      uid: a.uid,
      gid: a.gid,
      cwd: '/',
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const rows = new Map<string, unknown>();
    let events = 0;
    let rss = 0;
    child.on('message', (m: Record<string, unknown>) => {
      if (m['type'] === 'ready') child.send({ type: 'start', plan: { ...PLAN, privileged: true } });
      else if (m['type'] === 'privileged') {
        const args = m['args'] as unknown[];
        const o =
          m['op'] === 'journal'
            ? ops.journal!(args[0] as { grep: string })
            : m['op'] === 'dropCaches'
              ? ops.dropCaches()
              : ops.rawRead('buffered-read', '/dev/null', {});
        void o.then((value) =>
          child.send({ type: 'privileged-result', id: m['id'], ok: true, value }),
        );
      } else if (m['type'] === 'progress') {
        rows.set(String(m['testId']), m);
        events++;
      } else if (m['type'] === 'error') {
        rss = process.memoryUsage().rss;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', () =>
      setTimeout(() => {
        const listBytes = Buffer.byteLength(JSON.stringify([...rows.values()]));
        done({ out, events, listBytes, rss });
      }, 50),
    );
  });
}

/** job.list's answer, as the browser host would send it. */
const listBytes = (jobs: JobManager): number => Buffer.byteLength(JSON.stringify(jobs.list()));

describe.skipIf(!isRoot)(
  'issue 37 class 3: the engine lent to the folder’s owner (second account)',
  () => {
    it('control: the parent as it was answers her requests, keeps her rows and passes her output', async () => {
      const { ops, asked } = countingOps();
      const rss0 = process.memoryUsage().rss;
      const r = await plainParent(ops);
      const forged = /saved run \.\.\/\.\.\/\.\.\/\.\.\/forged/.test(r.out);
      console.log(
        `issue 37 class 3 control: ${asked.length} privileged operations done on her word (${asked.join(', ')}); her forged line on the inherited stdout: ${forged}; ${r.events} progress events; job.list ${(r.listBytes / 1e6).toFixed(1)} MB; parent memory +${((r.rss - rss0) / 1e6).toFixed(0)} MB`,
      );
      recordControl(SECTION, 'privileged requests answered for her', asked.length === 3);
      recordControl(SECTION, 'her progress flood kept', r.listBytes > 10_000_000);
      expect(asked.length).toBe(3);
      expect(forged).toBe(true);
      expect(r.events).toBeGreaterThan(100_000);
      expect(r.listBytes).toBeGreaterThan(10_000_000);
    });

    it('protected: the real client asks root for nothing, keeps the plan’s rows, bounds the channel', async () => {
      const bus = new EventBus();
      let events = 0;
      bus.subscribe(() => void events++);
      const jobs = new JobManager(bus);
      const { ops, asked } = countingOps();
      let list = 0;
      let error = '';
      await new Promise<void>((end) => {
        jobs.start('bench', async (job) => {
          const t = setInterval(() => (list = Math.max(list, listBytes(jobs))), 200);
          try {
            await runEngine({
              plan: { ...PLAN, workDir: join(home, 'w'), targetDir: home },
              spawner: forkSpawner(rootScript, account()),
              privileged: ops,
              onProgress: (p) =>
                job.progress({
                  testId: p.testId,
                  label: 'x',
                  fraction: p.fraction,
                  overall: p.overall,
                  etaSeconds: p.etaSeconds,
                  liveValue: null,
                  ...(p.message ? { message: p.message } : {}),
                }),
            });
          } catch (err) {
            error = (err as Error).message;
          } finally {
            clearInterval(t);
            end();
          }
        });
      });
      // The same engine with one 32 MiB message and no end, instead of the flood.
      let huge = '';
      await runEngine({
        plan: { ...PLAN, workDir: join(home, 'w'), targetDir: home },
        spawner: forkSpawner(hugeScript, account()),
        privileged: ops,
      }).catch((err: Error) => (huge = err.message));
      const ttyMarks = readdirSync(markers).filter((n) => n.startsWith('tty-'));
      console.log(
        `issue 37 class 3 protected: ${asked.length} privileged operations; ${events} events; job.list up to ${list} bytes; her terminal writes that worked: ${ttyMarks.length}; the run: "${error}"; with a 32 MiB message: "${huge}"`,
      );
      const held =
        asked.length === 0 &&
        events < 100 &&
        list < 10_000 &&
        ttyMarks.length === 0 &&
        /a message over 1048576 bytes$/.test(huge);
      recordAttack(
        'issue 37 class 3: privileged requests, progress flood and huge message from a lent engine',
        { held, counts: { attachablePrivileged: asked.length } },
      );
      expect(asked).toEqual([]);
      expect(events).toBeLessThan(100);
      expect(list).toBeLessThan(10_000);
      expect(ttyMarks).toEqual([]);
      expect(huge).toMatch(/stopped \(SIGKILL\): a message over 1048576 bytes$/);
      expect(error).toMatch(
        /^the benchmark engine, run as \S+, stopped \(SIGKILL\): more than 200 messages in a second$/,
      );
    });

    it.skipIf(!hasScript)(
      'on a terminal: the control forges root’s output; the real CLI prints none of hers',
      () => {
        for (const n of readdirSync(markers)) rmSync(join(markers, n));
        // Before the fix: the engine forked as her with root's terminal and streams.
        const control = `require('child_process').fork(${JSON.stringify(openScript)}, [], { uid: ${a.uid}, gid: ${a.gid}, cwd: '/', execArgv: [], stdio: 'inherit' }).on('message', function (m) { if (m.type === 'ready') this.send({ type: 'start', plan: ${JSON.stringify({ ...PLAN, privileged: false })} }); if (m.type === 'error') this.kill('SIGKILL'); })`;
        const pty = (cmd: string): string =>
          execFileSync('script', ['-qec', cmd, '/dev/null'], {
            encoding: 'utf8',
            env: { ...process.env, DRIVEWISE_ENGINE_WORKER: rootScript },
            timeout: 60_000,
          });
        const before = pty(`${process.execPath} -e ${JSON.stringify(control)}`);
        const ctlTty = readdirSync(markers).filter((n) => n.startsWith('tty-')).length;
        const after = pty(
          `${process.execPath} ${CLI} bench --dir ${home} --tests dd-write --size 1M; true`,
        );
        const tty = readdirSync(markers).filter((n) => n.startsWith('tty-')).length - ctlTty;
        const hers = (s: string): number =>
          // eslint-disable-next-line no-control-regex
          (s.match(/saved run \.\.\/|TTY-FORGED|\u001b\]0;owned/g) ?? []).length;
        console.log(
          `issue 37 class 3 terminal: control: ${hers(before)} of her forgeries on root's terminal (terminal writes ${ctlTty}); real CLI: ${hers(after)} (terminal writes ${tty}); it said: ${after.trim().split('\n').pop()}`,
        );
        recordAttack(
          'issue 37 class 3: forged lines and escapes from a lent engine on root’s terminal',
          {
            held: hers(after) === 0 && tty === 0,
          },
        );
        recordControl(SECTION, 'her lines on root’s terminal', hers(before) > 0 && ctlTty === 1);
        expect(hers(before)).toBeGreaterThan(0);
        expect(ctlTty).toBe(1);
        expect({ forged: hers(after), tty }).toEqual({ forged: 0, tty: 0 });
      },
    );
  },
);
