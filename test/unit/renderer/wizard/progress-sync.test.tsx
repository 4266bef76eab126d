// Resuming the stored wizard progress: it answers after the page has drawn, so a person may already
// have opened another view. CI caught History vanishing under a click made before the answer.
import { describe, expect, it } from 'vitest';
import type { WizardProgress } from '../../../../src/shared/contract/wizard';
import { useApp } from '../../../../src/renderer/store';
import { snapshot, startProgressSync } from '../../../../src/renderer/wizard/progress-sync';
import { preload } from '../seam/preload-double';

/** A fresh start's progress (the stores at their start, as each test begins) moved on to Swap. */
const stored = (): WizardProgress => ({ ...snapshot(), step: 'swap', reached: 6 });

/** Serves the stored progress only when `answer` is called, as a slow disk would. */
function slowProgress() {
  let answer = () => {};
  const progress = stored();
  preload.serve({
    'wizard.progress.get': () =>
      new Promise((res) => (answer = () => res({ progress, problem: null }))),
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
