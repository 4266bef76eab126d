// The generated workload on the real disk: written once per run with the manifest it claims,
// made cold without admin rights (fdatasync + posix_fadvise DONTNEED per file), which fincore
// confirms, and removed with the run's work folder; cancel leaves nothing half-written in use.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTree } from '../../../src/main/core/safe-remove';
import { coldFiles, FADVISE_CAVEAT } from '../../../src/main/tasks/workload/cold';
import { workloadFor } from '../../../src/main/tasks/workload/write';
import { makeContext } from './context';

/** Resident bytes of each file, as fincore reads them from the kernel (mincore). */
function resident(files: string[]): number[] {
  const out = execFileSync('fincore', ['-b', '-n', '-r', '-o', 'RES', ...files], {
    encoding: 'utf8',
  });
  return out.trim().split('\n').map(Number);
}

describe('the generated workload on disk', () => {
  it('matches its manifest, and without admin rights fincore finds it cold before timing', async () => {
    const { ctx } = makeContext({ sizes: { 'task.workloadFiles': 1500 } });
    const w = await workloadFor(ctx);
    // The same run asks again: the same tree, not a second one.
    expect(await workloadFor(ctx)).toBe(w);
    expect(w.manifest.files).toBe(1500);
    const abs = w.files.map((f) => join(w.dir, f.path));
    expect(abs.reduce((a, f) => a + statSync(f).size, 0)).toBe(w.manifest.bytes);
    expect((statSync(w.dir).mode & 0o777).toString(8)).toBe('700');
    // Read: cached. Then made cold without root: nothing of any file is resident.
    const app = w.files.filter((f) => f.part === 'app').map((f) => join(w.dir, f.path));
    for (const f of app) readFileSync(f);
    expect(resident(app).reduce((a, b) => a + b, 0)).toBeGreaterThan(1e6);
    const caveats: string[] = [];
    const state = await coldFiles(
      ctx,
      w.dir,
      w.files.map((f) => f.path),
      caveats,
    );
    expect(state).toBe('cold');
    expect(caveats).toEqual([FADVISE_CAVEAT]);
    const res = resident(abs);
    expect(res).toHaveLength(abs.length);
    expect(res.filter((b) => b > 0)).toEqual([]);
    expect(removeTree(w.dir, { within: ctx.workDir }).state).toBe('removed');
    expect(readdirSync(ctx.workDir)).toEqual([]);
  });

  it('a cancelled write leaves nothing behind and is not reused', async () => {
    const { ctx, abort } = makeContext({ sizes: { 'task.workloadFiles': 1200 } });
    const p = workloadFor(ctx, (f) => f > 0.2 && abort.abort());
    await expect(p).rejects.toThrow(/abort/i);
    expect(readdirSync(ctx.workDir)).toEqual([]);
  });
});
