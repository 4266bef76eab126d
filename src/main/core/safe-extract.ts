// How Drivewise unpacks an archive (the unpack task's timed `tar -xf`). An archive may come from
// anyone (a tarball the person picked, or one another account swapped in), and GNU tar run as root
// keeps owners, permissions (setuid/setgid included) and device nodes by default. So:
// - `--no-same-owner --no-same-permissions` under `umask 022`: every file is the extractor's own,
//   its mode the archive's rwx bits masked, setuid/setgid/sticky dropped;
// - as root, tar runs without CAP_MKNOD, CAP_CHOWN, CAP_FOWNER and CAP_FSETID (setpriv bounding
//   set), so a device node in the archive fails to extract instead of appearing (unprivileged
//   accounts cannot make one anyway), and the task ends with one line saying so;
// - never as root in a folder another account controls (file-owner.ts): the engine runs as that
//   account there, and this refuses if it does not.
import { assertRootMayWorkIn } from './file-owner';

const TAR_FLAGS = '--no-same-owner --no-same-permissions';
const DROP_CAPS = 'setpriv --bounding-set=-mknod,-chown,-fowner,-fsetid --inh-caps=-all';

/**
 * The shell fragment that extracts "$1" into "$2" and syncs "$2" (for runTimed; `sync` false: the
 * caller times the sync on its own). Throws when this process is root and `dest` is in a folder
 * another account controls.
 */
export function extractScript(
  dest: string,
  asRoot = process.getuid?.() === 0,
  sync = true,
): string {
  assertRootMayWorkIn(dest);
  const tar = `${asRoot ? `${DROP_CAPS} ` : ''}tar -xf "$1" -C "$2" ${TAR_FLAGS}`;
  return `umask 022 && ${tar}${sync ? ' && sync -f "$2"' : ''}`;
}

/** One line for an extraction tar refused because the archive holds a device node, else null. */
export function deviceNodeRefusal(stderr: string): string | null {
  const m = /^tar: (.*): Cannot mknod: Operation not permitted/m.exec(stderr);
  return m
    ? `the archive holds a device node (${m[1]}); Drivewise never creates device nodes from an archive`
    : null;
}
