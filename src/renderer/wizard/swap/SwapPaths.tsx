// The two ways to move a system to the new drive: clone it, or install afresh.

export function CloneSteps() {
  return (
    <article aria-label="Cloning">
      <h3>Clone</h3>
      <ol>
        <li>
          Connect the new drive (USB adapter or second slot) and boot a live USB so neither drive is
          in use.
        </li>
        <li>
          Copy partition by partition with a tool that understands file systems (GParted,
          Clonezilla). A raw copy (<code>dd</code>) also copies the old partition offsets and sizes:
          fine when the new drive is at least as large, but check alignment afterwards.
        </li>
        <li>
          Cloned file systems keep their UUIDs. Keep only one of the two drives connected when you
          boot, or the system may mount the wrong one.
        </li>
        <li>
          Drivewise keeps its history in your configuration folder, so a clone brings the baseline
          along.
        </li>
      </ol>
    </article>
  );
}

export function FreshInstallSteps() {
  return (
    <article aria-label="Fresh install">
      <h3>Fresh install</h3>
      <ol>
        <li>
          Keep the baseline file you just saved somewhere off the old drive (USB stick, another
          machine, cloud). A fresh install loses Drivewise&apos;s history.
        </li>
        <li>
          Install your distribution on the new drive, then install Drivewise again and import the
          baseline.
        </li>
        <li>
          Copy your home directory over (next section), or mount the old drive read-only and copy
          what you need.
        </li>
      </ol>
    </article>
  );
}
