import { useState } from 'react';
import { useApp } from '../store';
import './SwapStep.css';

function Cmd({ children }: { children: string }) {
  return (
    <pre className="cmd">
      <code>{children}</code>
    </pre>
  );
}

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

      {path === 'clone' ? (
        <article aria-label="Cloning">
          <h3>Clone</h3>
          <ol>
            <li>
              Connect the new drive (USB adapter or second slot) and boot a live USB so neither
              drive is in use.
            </li>
            <li>
              Copy partition by partition with a tool that understands file systems (GParted,
              Clonezilla). A raw copy (<code>dd</code>) also copies the old partition offsets and
              sizes: fine when the new drive is at least as large, but check alignment afterwards.
            </li>
            <li>
              Cloned file systems keep their UUIDs. Keep only one of the two drives connected when
              you boot, or the system may mount the wrong one.
            </li>
            <li>
              Drivewise keeps its history in your configuration folder, so a clone brings the
              baseline along.
            </li>
          </ol>
        </article>
      ) : (
        <article aria-label="Fresh install">
          <h3>Fresh install</h3>
          <ol>
            <li>
              Keep the baseline file you just saved somewhere off the old drive (USB stick, another
              machine, cloud). A fresh install loses Drivewise&apos;s history.
            </li>
            <li>
              Install your distribution on the new drive, then install Drivewise again and import
              the baseline.
            </li>
            <li>
              Copy your home directory over (next section), or mount the old drive read-only and
              copy what you need.
            </li>
          </ol>
        </article>
      )}

      <article aria-label="Moving home">
        <h3>Moving /home to the new drive</h3>
        <p>
          The steps one of the published write-ups used (the new partition is <code>/dev/sda5</code>{' '}
          there; yours will differ — check with <code>lsblk -f</code>):
        </p>
        <Cmd>{`sudo mkdir /mnt/new
sudo mount /dev/sdXN /mnt/new
cd /home && sudo find . -depth -print0 | sudo cpio --null --sparse -pvd /mnt/new
sudo mv /home /home_old && sudo mkdir /home
sudo umount /mnt/new && sudo mount /dev/sdXN /home`}</Cmd>
        <p>
          Today <code>rsync</code> does the same with progress and can be resumed: it keeps
          permissions, ACLs, extended attributes and hard links.
        </p>
        <Cmd>{`sudo rsync -aHAX --info=progress2 /home/ /mnt/new/`}</Cmd>
        <p>
          Keep <code>/home_old</code> until you have logged in on the new drive and checked your
          files.
        </p>
      </article>

      <article aria-label="fstab">
        <h3>Mount by UUID in /etc/fstab</h3>
        <p>
          Device names like <code>/dev/sda5</code> change when drives are added or removed; UUIDs
          don&apos;t. Find the UUID with <code>sudo blkid</code> and add a line such as:
        </p>
        <Cmd>{`UUID=0a1b2c3d-…  /home  ext4  defaults,noatime  0  2`}</Cmd>
        <p>
          Test it before rebooting: <code>sudo mount -a</code> must print nothing.
        </p>
      </article>

      <article aria-label="TRIM">
        <h3>TRIM</h3>
        <p>
          SSDs stay fast when the file system tells them which blocks are free. Most distributions
          ship a weekly timer: enable it rather than the <code>discard</code> mount option, which
          trims on every delete.
        </p>
        <Cmd>{`sudo systemctl enable --now fstrim.timer
sudo fstrim -av   # once now; prints how much it trimmed per file system`}</Cmd>
      </article>

      <article aria-label="Alignment">
        <h3>Partition alignment</h3>
        <p>
          Partitions should start on a 1 MiB boundary (sector 2048 with 512-byte sectors). Modern
          partitioning tools do this by default; old clones may not. Check with:
        </p>
        <Cmd>{`sudo parted /dev/sdX align-check optimal 1
cat /sys/block/sdX/sdXN/start   # a multiple of 2048 is aligned`}</Cmd>
      </article>

      <article aria-label="After booting">
        <h3>After booting from the new drive</h3>
        <ul>
          <li>
            <code>lsblk -o NAME,MODEL,SIZE,MOUNTPOINTS</code> shows <code>/</code> and{' '}
            <code>/home</code> on the new drive.
          </li>
          <li>
            <code>findmnt /home</code> shows the mount options you expect;{' '}
            <code>systemctl status fstrim.timer</code> is active.
          </li>
          <li>Then open Drivewise again and continue with &ldquo;Measure again&rdquo;.</li>
        </ul>
      </article>

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
