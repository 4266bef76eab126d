// The top of the drive under test's tree: where a search of the person's own files starts.
import { lstatSync } from 'node:fs';
import { dirname } from 'node:path';

/** The root of the filesystem holding dir: the top of the drive under test's tree. */
export function mountRoot(dir: string): string {
  let cur = dir;
  const dev = lstatSync(dir).dev;
  for (;;) {
    const up = dirname(cur);
    if (up === cur) return cur;
    try {
      if (lstatSync(up).dev !== dev) return cur;
    } catch {
      return cur;
    }
    cur = up;
  }
}
