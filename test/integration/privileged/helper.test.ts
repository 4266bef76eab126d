// The real root helper, started directly (CI runs as root): protocol, progress, cancel, crash,
// release and idle timeout.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivilegedStatus } from '../../../src/shared/contract/privileged';
import { alive, attachLoop, hasLosetup, isRoot, rootManager, waitFor, type Loop } from './loop';

describe.skipIf(!isRoot || !hasLosetup)('root helper (started directly as root)', () => {
  let loop: Loop;
  beforeAll(() => {
    loop = attachLoop(64);
  });
  afterAll(() => loop?.detach());

  it('grants without a prompt and serves every whitelisted operation', async () => {
    const m = rootManager();
    const events: PrivilegedStatus[] = [];
    m.onChange((s) => events.push(s));
    try {
      const st = await m.request();
      expect(st).toMatchObject({ state: 'granted', isRoot: true });
      expect(st.ops).toEqual(['drop-caches', 'raw-read', 'identify', 'journal']);
      expect(events.map((e) => e.state)).toEqual(['asking', 'granted']);
      const ops = m.ops()!;
      expect(await ops.ping()).toEqual({ pong: true, uid: 0 });
      await ops.dropCaches();
      const id = await ops.identify(loop.dev);
      // hdparm -I on a loop device prints just the device header; smartctl may be missing.
      expect(id.hdparm ?? '', 'identify needs hdparm (Debian package hdparm)').toContain(loop.dev);
      if (!existsSync('/usr/sbin/smartctl'))
        expect(id.notes).toContain('smartctl is not installed');
      expect(typeof (await ops.journal!({ grep: 'PM: hibernation', boots: 2 }))).toBe('string');
      const cached = await ops.rawRead('cached-read', loop.dev, { seconds: 0.3 });
      expect(cached.mibPerSec).toBeGreaterThan(0);
    } finally {
      m.release();
    }
  });

  it('streams progress and cancels by message, then keeps serving', async () => {
    const m = rootManager();
    try {
      await m.request();
      const ops = m.ops()!;
      const ac = new AbortController();
      const fractions: number[] = [];
      const t0 = Date.now();
      const run = ops.rawRead('seeker', loop.dev, {
        seconds: 30,
        signal: ac.signal,
        onProgress: (f, live) => {
          fractions.push(f);
          expect(live?.unit).toBe('seeks/s');
          if (fractions.length === 3) ac.abort();
        },
      });
      await expect(run).rejects.toThrow(/cancel|abort/i);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(fractions.length).toBeGreaterThanOrEqual(3);
      expect(fractions[0]).toBeGreaterThan(0);
      expect(fractions[0]).toBeLessThan(1);
      const done = await ops.rawRead('seeker', loop.dev, { seconds: 0.3 });
      expect(done.seeksPerSecond).toBeGreaterThan(0);
      expect(done.blockSize).toBe(512);
    } finally {
      m.release();
    }
  });

  it('reports a helper crash mid-run as failed, and the caller gets an error, not a hang', async () => {
    const m = rootManager();
    await m.request();
    const ops = m.ops()!;
    const pid = (ops as unknown as { helperPid: number }).helperPid;
    const run = ops.rawRead('seeker', loop.dev, {
      seconds: 30,
      onProgress: () => process.kill(pid, 'SIGKILL'),
    });
    await expect(run).rejects.toThrow(/stopped unexpectedly/);
    await waitFor(() => m.status().state === 'failed', 2000);
    expect(m.status().reason).toMatch(/stopped unexpectedly/);
    expect(m.ops()).toBeNull();
    // Asking again works after a crash.
    expect((await m.request({ again: true })).state).toBe('granted');
    m.release();
  });

  it('release stops the helper and removes its private directory', async () => {
    const m = rootManager();
    await m.request();
    const s = m.ops() as unknown as { helperPid: number; paths: { dir: string } };
    expect(alive(s.helperPid)).toBe(true);
    expect(m.release().state).toBe('not-asked');
    expect(existsSync(s.paths.dir)).toBe(false);
    await waitFor(() => !alive(s.helperPid), 2000);
  });

  it('ends after the idle timeout and says so', async () => {
    const m = rootManager({ idleSeconds: 1 });
    await m.request();
    const pid = (m.ops() as unknown as { helperPid: number }).helperPid;
    await waitFor(() => m.status().state !== 'granted', 5000);
    expect(m.status()).toMatchObject({
      state: 'not-asked',
      reason: expect.stringMatching(/without use/),
    });
    await waitFor(() => !alive(pid), 2000);
  });

  it('starts through the elevated-command path exactly as sudo-prompt would run it', async () => {
    // sudo-prompt ends with `/bin/bash -c "echo SUDOPROMPT; <command>"` as root; pkexec itself is
    // the only part not exercised here.
    const m = rootManager({
      uid: 1000,
      availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec will ask' }),
      sudoExec: (command, done) => {
        const child = spawn('/bin/bash', ['-c', `echo SUDOPROMPT; ${command}`], {
          stdio: 'ignore',
          env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' }, // pkexec drops the environment
        });
        child.on('exit', (code) => done(code ? new Error(`exit ${code}`) : undefined));
      },
    });
    try {
      const st = await m.request();
      expect(st).toMatchObject({ state: 'granted', reason: 'granted for this session' });
      expect(await m.ops()!.ping()).toEqual({ pong: true, uid: 0 });
    } finally {
      m.release();
    }
  });
});

describe('helper bundle', () => {
  it('needs nothing but Node built-ins, so it runs when copied out of an AppImage', () => {
    const code = readFileSync('dist/main/root-helper.js', 'utf8');
    const required = [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((r) => !r.startsWith('node:'))).toEqual([]);
  });
});

describe.skipIf(!isRoot)('helper start-up checks', () => {
  it('refuses to run without its arguments, in one line', () => {
    let err = '';
    try {
      execFileSync(process.execPath, ['dist/main/root-helper.js'], { stdio: 'pipe' });
    } catch (e) {
      err = String((e as { stderr: Buffer }).stderr);
    }
    expect(err.trim()).toBe(
      'drivewise root helper: usage: root-helper --socket PATH --token-file PATH --parent PID',
    );
  });
});
