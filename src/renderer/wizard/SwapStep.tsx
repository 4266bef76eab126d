import { useState } from 'react';
import { useApp } from '../store';
import { HomeAndFstab, TrimAlignmentBoot } from './swap/SwapGuides';
import { CloneSteps, FreshInstallSteps } from './swap/SwapPaths';
import './SwapStep.css';

type Path = 'clone' | 'fresh';

/** The swap itself happens outside the app; this is the checklist people in the seeds worked out by hand. */
export function SwapStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const [path, setPath] = useState<Path>('clone');
  return (
    <section className="step swap" aria-labelledby="swap-title">
      <h2 id="swap-title">Swap the drive</h2>
      <p className="lead">
        Your baseline is saved. Now put the new drive in. Pick how you want to move your system;
        both work, they differ in how much you keep.
      </p>

      <fieldset className="swap-choice">
        <legend>How will you move to the new drive?</legend>
        <label>
          <input
            type="radio"
            name="swap-path"
            checked={path === 'clone'}
            onChange={() => setPath('clone')}
          />{' '}
          Clone the old drive (everything stays as it is)
        </label>
        <label>
          <input
            type="radio"
            name="swap-path"
            checked={path === 'fresh'}
            onChange={() => setPath('fresh')}
          />{' '}
          Fresh install (clean system; copy your files over)
        </label>
      </fieldset>

      {path === 'clone' ? <CloneSteps /> : <FreshInstallSteps />}
      <HomeAndFstab />
      <TrimAlignmentBoot />

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button type="button" className="primary" onClick={next}>
          I have swapped the drive
        </button>
      </div>
    </section>
  );
}
