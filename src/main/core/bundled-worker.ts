// Where the built bundles are (dist/main/<name>.js): beside the bundle that is running, or, run from
// the sources (tests), in the checkout's dist/main found from this file's own place. Never in the
// current folder: as root that could be anyone's (issue 37, class 2).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder of the running code (dist/main in a bundle; src/main/core from the sources). */
export const codeDir = (): string => __dirname;

/** True when this is the TypeScript source, not a bundle (tests import it directly). */
const fromSources = (): boolean => /[\\/]src[\\/]main[\\/]core$/.test(codeDir());

/** The built worker beside the running bundle, or null (run from the sources, the caller works in place). */
export function bundledWorker(name: string): string | null {
  const p = join(codeDir(), name);
  return existsSync(p) ? p : null;
}

/** The checkout (or package) folder the code came from: above dist/main, or above src/main/core. */
export const codeRoot = (): string => resolve(codeDir(), fromSources() ? '../../..' : '../..');

/** True when this is a developer tool's bundle (dist/tools, `npm run bench:…`), not the app's. */
const fromTools = (): boolean => /[\\/]dist[\\/]tools$/.test(codeDir());

/**
 * dist/main/`file` beside the running bundle, or the checkout's when run from the sources or from
 * a tool in dist/tools (the engine the bench scripts start is the app's); null when it is not built.
 */
export function builtFile(file: string): string | null {
  const p =
    fromSources() || fromTools() ? join(codeRoot(), 'dist', 'main', file) : join(codeDir(), file);
  return existsSync(p) ? p : null;
}
