// The quick profile on one rig device, as a person runs it (root: caches dropped, raw reads), with
// the Chromium copy on the device as the app to start. Returns the saved run document.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { helperRuntime } from '../../src/main/privileged/elevate';
import { createServices } from '../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../src/main/engine/host/bench-service';
import { planBench } from '../../src/main/engine/host/validated-plan';
import { defaultManagerDeps, PrivilegedManager } from '../../src/main/privileged/manager';
import type { RunDocument } from '../../src/shared/schemas/run';
import { PROFILES } from '../../src/shared/bench/catalogue';
import type { Rig } from './rig';

export async function quickOn(
  rig: Rig,
  signal: AbortSignal,
  log: (s: string) => void,
): Promise<RunDocument> {
  // The helper is the built app's (dist/main), not a file beside this tool's bundle.
  const script = resolve('dist/main/root-helper.js');
  const privileged = new PrivilegedManager({
    ...defaultManagerDeps(false),
    runtime: () => helperRuntime({ electron: false, script }),
  });
  const configDir = mkdtempSync('/tmp/dw-h36-predict-cfg-');
  try {
    const services = createServices({ host: 'cli', configDir, privileged });
    const target = join(rig.mnt, 'bench');
    mkdirSync(target);
    const t0 = performance.now();
    const doc = await runBench(
      planBench({
        targetDir: target,
        // Quick's tests and sizes, and the backup's: every felt task the app times itself.
        profile: 'custom',
        tests: [...PROFILES.quick.tests, 'task.backup-load'],
        ...(rig.chromium ? { options: { 'task.app-start': { apps: [rig.chromium] } } } : {}),
      }),
      { appVersion: 'bench-predict', save: async () => undefined, record: { label: 'custom' } },
      defaultBenchDeps(services),
      {
        signal,
        onStatus: (m) => log(`  ${rig.spec.id}: ${m}`),
      },
    );
    if (!doc) throw new Error(`the quick run on ${rig.spec.name} was cancelled`);
    log(`  ${rig.spec.id}: quick run took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return { ...doc, name: rig.spec.name };
  } finally {
    privileged.release();
    rmSync(configDir, { recursive: true, force: true });
  }
}
