// Decline path: the person says no to the password dialog; the quick profile still completes
// without admin rights and every affected test records why.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { NO_ADMIN_CAVEAT } from '../../../src/main/engine/worker/benchmarks/common';
import { PrivilegedManager } from '../../../src/main/privileged/manager';
import { leftovers, req, saver, tempDir } from '../engine/helpers';

describe('declined admin rights', () => {
  const target = tempDir('decline');
  const config = tempDir('decline-cfg');
  afterAll(() => [target, config].forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('runs the quick profile unprivileged and records the caveats', async () => {
    let prompts = 0;
    const privileged = new PrivilegedManager({
      uid: 1000,
      runtime: () => ({
        execPath: process.execPath,
        runAsNode: false,
        script: '/x.js',
        copyScriptOut: false,
      }),
      availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec will ask' }),
      spawnDirect: () => {
        throw new Error('not used');
      },
      // What sudo-prompt reports when the person cancels the pkexec dialog.
      sudoExec: (_c, done) => {
        prompts++;
        setTimeout(() => done(new Error('User did not grant permission.')), 10);
      },
      askTimeoutMs: 5000,
    });
    const services = createServices({ host: 'cli', configDir: config, privileged });
    const st = await services.privileged.request();
    expect(st.state).toBe('declined');
    expect(services.privileged.ops()).toBeNull();
    // The quick profile at CI sizes, one repetition, limited to the tests admin rights change
    // (the engine's own tests run all seven); dd-write stands for the ones that need no root.
    const tests = ['cached-read', 'buffered-read', 'seeker', 'dd-write'];
    const doc = await runBench(
      planBench(req(target, { profile: 'quick', repetitions: 1, tests })),
      saver(),
      defaultBenchDeps(services),
      { signal: new AbortController().signal },
    );
    expect(doc).not.toBeNull();
    expect(doc!.privilege).toEqual({ state: 'declined', reason: st.reason });
    expect(doc!.tests.map((t) => [t.testId, t.status])).toEqual(tests.map((t) => [t, 'ok']));
    for (const id of ['buffered-read', 'seeker'])
      expect(doc!.tests.find((t) => t.testId === id)!.caveats, id).toContain(NO_ADMIN_CAVEAT);
    expect(leftovers(target)).toEqual([]);
    // Asked once: the run did not prompt again.
    expect(prompts).toBe(1);
    expect((await services.privileged.request()).state).toBe('declined');
    expect(prompts).toBe(1);
  });
});
