// What admin rights are for, and what runs without them: said before anything is asked.

export function AdminUses() {
  return (
    <>
      <h3>What they are used for — nothing else</h3>
      <ul className="admin-uses">
        <li>
          <strong>Empty the file cache</strong> before timed tasks, so a result shows your drive and
          not your memory.
        </li>
        <li>
          <strong>Read the drive directly</strong> for the classic <code>hdparm</code> and{' '}
          <code>seeker</code> tests. Read only: nothing is ever written to a drive.
        </li>
        <li>
          <strong>Identify the drive</strong>: model, rotation speed, the link it supports and its
          health (<code>smartctl</code>, <code>hdparm -I</code>).
        </li>
        <li>
          <strong>Read the system journal</strong> for boot, sleep and hibernation timings.
        </li>
      </ul>
      <p className="muted small">
        A small helper does these four things and cannot do anything else. It talks only to this
        window, and stops when you close Drivewise or after 30 minutes without use.
      </p>
    </>
  );
}

/** Shown once the person declined (or could not grant): the run still goes on. */
export function WithoutAdmin() {
  return (
    <div className="admin-without">
      <p>
        <strong>Without admin rights</strong> the measurement still runs:
      </p>
      <ul>
        <li>the raw-drive tests read a test file instead (marked on each result);</li>
        <li>timed tasks run with a warm cache and are marked as such;</li>
        <li>drive facts come from the system only (no rotation speed or health).</li>
      </ul>
    </div>
  );
}
