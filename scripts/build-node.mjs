// Bundles every file in src/main/entries to dist/main/<name>.js (CommonJS, so the preload runs
// under `sandbox: true` and the CLI runs under plain Node without a loader).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, basename } from 'node:path';

export async function buildNode(root = process.cwd()) {
  const dir = join(root, 'src/main/entries');
  const entries = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  await Promise.all(
    entries.map((file) => {
      const name = basename(file, '.ts');
      const isPreload = name === 'preload';
      return build({
        entryPoints: [join(dir, file)],
        outfile: join(root, 'dist/main', `${name}.js`),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        // The sandboxed preload cannot require packages: bundle everything but electron.
        packages: isPreload ? undefined : 'external',
        external: ['electron'],
      });
    }),
  );
  // The native AIO addon travels with the bundles (the packaged app has no build/ folder).
  const addon = join(root, 'build/Release/drivewise_aio.node');
  if (existsSync(addon)) {
    mkdirSync(join(root, 'dist/main'), { recursive: true });
    copyFileSync(addon, join(root, 'dist/main/drivewise_aio.node'));
  }
}
