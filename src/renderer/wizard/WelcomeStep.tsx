import { useEffect, useState } from 'react';
import { api } from '../api/transport';
import { useApp } from '../store';
import { ContinueFromFile } from './welcome/ContinueFromFile';

/** No before-run in history: a fresh system, where the baseline can only come from its file. */
function useFreshSystem(): boolean {
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    api()
      .runsList({})
      .then((r) => setFresh(!r.runs.some((x) => x.label === 'before')))
      .catch(() => setFresh(false));
  }, []);
  return fresh;
}

export function WelcomeStep() {
  const next = useApp((s) => s.next);
  const fresh = useFreshSystem();
  return (
    <section aria-labelledby="welcome-title" className="step">
      <h2 id="welcome-title">Is a new drive worth it — for you?</h2>
      <p className="lead">
        Drivewise measures the drive you have now, guides you through the swap, measures the new one
        and shows the difference in things you feel: seconds to boot, to log in, to search the disk,
        to unpack an archive, and how sluggish the machine gets during a backup.
      </p>
      <ol className="plan-list">
        <li>
          <strong>Pick the drive</strong> you are replacing and a folder on it for test files
          (removed afterwards).
        </li>
        <li>
          <strong>Measure it</strong>: the Plan step shows how long each profile takes on your
          drive, estimated for it before anything runs. You can cancel at any moment.
        </li>
        <li>
          <strong>Save the baseline</strong> to a file off the drive, then swap the drive using the
          guide.
        </li>
        <li>
          <strong>Measure again</strong> on the new drive and read the verdict: time saved per day
          and year, and what it costs per GB and per hour saved.
        </li>
      </ol>
      <p className="muted">
        Nothing is ever written to a disk directly: test files go into a temporary folder inside the
        directory you choose.
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={next} autoFocus>
          Start
        </button>
      </div>
      <ContinueFromFile open={fresh} />
    </section>
  );
}
