import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  progressFile,
  readProgress,
  writeProgress,
} from '../../../../src/main/store/wizard-progress';
import { resumeStep } from '../../../../src/shared/contract/wizard';
import { progressAtWelcome } from '../../../e2e/fixture-runs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'dw-progress-')));

describe('the wizard progress in the config folder', () => {
  it('round-trips, leaves no temp file, and null forgets it', async () => {
    fresh();
    const p = { ...progressAtWelcome(), step: 'swap' as const, reached: 6, beforeRunId: 'r-1' };
    await writeProgress(dir, p);
    expect(readdirSync(dir)).toEqual(['wizard-progress.json']);
    expect((await readProgress(dir)).progress).toEqual(p);
    await writeProgress(dir, null);
    expect(await readProgress(dir)).toEqual({ progress: null, problem: null });
  });

  it('a damaged or foreign file is one line, never a crash, and the next save replaces it', async () => {
    fresh();
    writeFileSync(progressFile(dir), '{"version":1,');
    expect((await readProgress(dir)).problem).toMatch(/damaged \(not valid JSON\)/);
    writeFileSync(progressFile(dir), JSON.stringify({ version: 9 }));
    expect((await readProgress(dir)).problem).toMatch(/another version/);
    await writeProgress(dir, progressAtWelcome());
    expect(JSON.parse(readFileSync(progressFile(dir), 'utf8')).step).toBe('welcome');
  });

  it('a link planted at the path is neither followed on read nor written through', async () => {
    fresh();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, progressFile(dir));
    expect((await readProgress(dir)).problem).toMatch(/link/);
    await expect(writeProgress(dir, progressAtWelcome())).rejects.toThrow();
    expect(readFileSync(victim, 'utf8')).toBe('keep');
  });
});

describe('where a resumed wizard opens', () => {
  const at = { reached: 0, afterRunId: null };
  it('between the two measurements: Measure again', () => {
    for (const step of ['measure-before', 'baseline', 'swap'] as const)
      expect(resumeStep({ ...at, step, reached: 5, beforeRunId: 'b' })).toEqual({
        step: 'measure-after',
        reached: 7,
      });
  });
  it('otherwise where the person was', () => {
    expect(resumeStep({ ...at, step: 'plan', beforeRunId: null })).toEqual({
      step: 'plan',
      reached: 2,
    });
    expect(resumeStep({ step: 'verdict', reached: 8, beforeRunId: 'b', afterRunId: 'a' })).toEqual({
      step: 'verdict',
      reached: 8,
    });
  });
});
