// Worker-thread bundles (dist/main/<name>.js) are built beside the bundle that starts them. Run
// from the sources (tests) there is none, and the caller does the work in place.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built worker's path, or null where it was not built. */
export function bundledWorker(name: string): string | null {
  const p = join(typeof __dirname === 'string' ? __dirname : process.cwd(), name);
  return existsSync(p) ? p : null;
}
