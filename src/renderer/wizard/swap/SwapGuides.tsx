// The checklists after the move: /home, fstab by UUID, TRIM, alignment, the first boot.

function Cmd({ children }: { children: string }) {
  return (
    <pre className="cmd">
      <code>{children}</code>
    </pre>
  );
}

/** Moving /home and mounting it by UUID. */
export function HomeAndFstab() {
  return (
    <>
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
    </>
  );
}

/** TRIM, alignment and what to check after booting from the new drive. */
export function TrimAlignmentBoot() {
  return (
    <>
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
    </>
  );
}
