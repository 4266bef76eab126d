// Bundles every file in src/main/entries to dist/main/<name>.js (CommonJS, so the preload runs
// under `sandbox: true` and the CLI runs under plain Node without a loader).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, basename } from 'node:path';

/** esbuild's settings for a Node bundle: the app's entries and the tools in tools/ alike. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: ['electron'],
};

export async function buildNode(root = process.cwd()) {
  const dir = join(root, 'src/main/entries');
  const entries = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  await Promise.all(
    entries.map((file) => {
      const name = basename(file, '.ts');
      const isPreload = name === 'preload';
      // Lent to another account (core/lend-copy.ts), which may have to run a copy of the bundle
      // alone, without node_modules: it carries its packages inside.
      const isLent = name === 'engine-worker' || name === 'file-worker';
      return build({
        entryPoints: [join(dir, file)],
        outfile: join(root, 'dist/main', `${name}.js`),
        ...NODE_BUNDLE,
        // The sandboxed preload cannot require packages: bundle everything but electron.
        packages: isPreload || isLent ? undefined : 'external',
      });
    }),
  );
  // A bundle whose entry is gone (moved to tools/, renamed) would otherwise stay in dist/main and
  // be packaged into the app: only the current entries' bundles are kept.
  const names = new Set(entries.map((f) => basename(f, '.ts')));
  for (const f of readdirSync(join(root, 'dist/main'))) {
    const m = /^(.+)\.js(\.map)?$/.exec(f);
    if (m && !names.has(m[1])) rmSync(join(root, 'dist/main', f), { force: true });
  }
  // The native addon travels with the bundles (the packaged app has no build/ folder). Copied
  // beside and renamed over: copying onto the old file rewrote code that running engines had
  // mapped, and they crashed (SIGSEGV in the addon) when a second build ran alongside tests.
  const addon = join(root, 'build/Release/drivewise_aio.node');
  if (existsSync(addon)) {
    const dest = join(root, 'dist/main/drivewise_aio.node');
    mkdirSync(join(root, 'dist/main'), { recursive: true });
    copyFileSync(addon, `${dest}.${process.pid}.tmp`);
    renameSync(`${dest}.${process.pid}.tmp`, dest);
  }
}
