// Where each side's SEQ 1M buffer lies in physical memory (bench:fidelity's bufferRunsPerMiB): the
// engine's windows through the addon, fio's job buffer through /proc/PID/pagemap. Root only.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ioBuffers } from '../../../../src/main/engine/methods/io-buffers';
import { nativeAio } from '../../../../src/main/core/native-aio';
import { engineRunsPerMiB, sampleFio } from '../../../../tools/fidelity/layout';
import { isRoot } from '../../privileged/loop';

const MiB = 1024 * 1024;
const haveFio = spawnSync('sh', ['-c', 'command -v fio']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'dw-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!isRoot || !nativeAio().addon?.physicalRuns)('buffer layout', () => {
  it('counts 1 to 256 physical runs per MiB of the engine windows', () => {
    const r = engineRunsPerMiB(ioBuffers(MiB, 2));
    expect(r).not.toBeNull();
    expect(r!).toBeGreaterThanOrEqual(1);
    expect(r!).toBeLessThanOrEqual(256);
  });

  it.skipIf(!haveFio)('finds fio’s job buffer while it runs (needs fio)', async () => {
    const file = join(dir, 'f.bin');
    writeFileSync(file, Buffer.alloc(8 * MiB, 1));
    const child = execFile('fio', [
      '--name=t',
      `--filename=${file}`,
      '--rw=read',
      '--bs=1M',
      '--ioengine=psync',
      '--time_based',
      '--runtime=2',
      '--size=8M',
    ]);
    const done = new Promise((r) => child.on('close', r));
    const r = await sampleFio(child.pid!, MiB);
    await done;
    expect(r).not.toBeNull();
    expect(r!).toBeGreaterThanOrEqual(1);
    expect(r!).toBeLessThanOrEqual(260);
  });
});
