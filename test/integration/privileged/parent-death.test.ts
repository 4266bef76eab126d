// The helper must not outlive the app: it exits within 2 s after its parent is SIGKILLed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helperArgv } from '../../../src/main/privileged/elevate';
import { HelperSession } from '../../../src/main/privileged/session';
import { alive, isRoot, waitFor } from './loop';

const HELPER = resolve('dist/main/root-helper.js');

describe.skipIf(!isRoot)('helper lifetime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dw-parent-'));
  const fixture = join(dir, 'parent.js');
  beforeAll(async () => {
    await build({
      entryPoints: [resolve('test/integration/privileged/parent-fixture.ts')],
      outfile: fixture,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      logLevel: 'warning',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits within 2 s after the app process is killed with SIGKILL', async () => {
    const parent = spawn(process.execPath, [fixture, HELPER], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: resolve('.'),
    });
    const line = await new Promise<string>((res, rej) => {
      let out = '';
      parent.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) res(out.trim());
      });
      parent.on('exit', () => rej(new Error('parent exited early: ' + out)));
    });
    const { state, helperPid } = JSON.parse(line) as { state: string; helperPid: number };
    expect(state).toBe('granted');
    expect(alive(helperPid)).toBe(true);
    parent.kill('SIGKILL');
    const ms = await waitFor(() => !alive(helperPid), 2000, 10);
    expect(ms).toBeLessThan(2000);
  });

  it('also exits when the parent dies but the socket stays open (pid watch)', async () => {
    // The "parent" is a sleeping process; this test holds the helper's socket open throughout.
    const fakeParent = spawn('sleep', ['60'], { stdio: 'ignore' });
    const session = await HelperSession.open();
    const helper = spawn(
      process.execPath,
      [HELPER, ...helperArgv(session.paths, fakeParent.pid!)],
      {
        stdio: 'ignore',
      },
    );
    try {
      await session.waitForHelper(10_000);
      expect(await session.ping()).toEqual({ pong: true, uid: 0 });
      fakeParent.kill('SIGKILL');
      const ms = await waitFor(() => !alive(helper.pid!), 2000, 10);
      expect(ms).toBeLessThan(2000);
    } finally {
      session.close();
      helper.kill('SIGKILL');
    }
  });
});
