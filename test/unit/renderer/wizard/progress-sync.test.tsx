// Resuming the stored wizard progress: it answers after the page has drawn, so a person may already
// have opened another view. CI caught History vanishing under a click made before the answer.
import { describe, expect, it } from 'vitest';
import { usageProfile } from '../../../../src/shared/schemas/run';
import type { WizardProgress } from '../../../../src/shared/contract/wizard';
import { useApp } from '../../../../src/renderer/store';
import { startProgressSync } from '../../../../src/renderer/wizard/progress-sync';
import { preload } from '../seam/preload-double';

const stored = (): WizardProgress => ({
  version: 1,
  savedAt: new Date().toISOString(),
  step: 'swap',
  reached: 6,
  drive: null,
  targetDir: null,
  beforeRunId: null,
  afterRunId: null,
  baselineFile: null,
  afterDir: null,
  plan: {
    profile: 'quick',
    tests: [],
    repetitions: null,
    sizes: {},
    duRoot: 'usr',
    compression: 'gzip',
    systemDu: false,
    tarball: '',
    apps: '',
  },
  usage: usageProfile.parse({}),
});

/** Serves the stored progress only when `answer` is called, as a slow disk would. */
function slowProgress() {
  let answer = () => {};
  preload.serve({
    'wizard.progress.get': () =>
      new Promise((res) => (answer = () => res({ progress: stored(), problem: null }))),
    'wizard.progress.set': () => ({ saved: true }),
  });
  return () => answer();
}

describe('startProgressSync', () => {
  it('resumes at the stored step in the wizard when the person has not moved', async () => {
    const answer = slowProgress();
    const started = startProgressSync(0);
    answer();
    (await started)();
    expect(useApp.getState()).toMatchObject({ view: 'wizard', step: 'swap' });
  });

  it('leaves a person in History when they opened it before the progress answered', async () => {
    const answer = slowProgress();
    const started = startProgressSync(0);
    useApp.getState().setView('history');
    answer();
    (await started)();
    // The wizard is at its step behind History, for when they come back to it.
    expect(useApp.getState()).toMatchObject({ view: 'history', step: 'swap' });
  });
});
