import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findOnPath(bin: string, pathEnv = process.env.PATH ?? ''): string | null {
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, bin);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

export interface PrivilegeAvailability {
  available: boolean;
  isRoot: boolean;
  reason: string;
}

/** Cheap check for app.info; the privileged module does the full agent check before asking. */
export function probePrivilege(
  uid = process.getuid?.() ?? -1,
  which: (bin: string) => string | null = findOnPath,
): PrivilegeAvailability {
  if (uid === 0) return { available: true, isRoot: true, reason: 'running as root' };
  const tool = which('pkexec') ?? which('kdesudo');
  if (tool)
    return { available: true, isRoot: false, reason: `can ask for admin rights with ${tool}` };
  return { available: false, isRoot: false, reason: 'neither pkexec nor kdesudo is installed' };
}
