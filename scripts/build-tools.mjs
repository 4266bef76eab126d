// Bundles the developer tools in tools/ (today the fidelity harness, `npm run bench:fidelity`) to
// dist/tools/<name>.js. They are not part of the app: scripts/build.mjs does not build them and
// electron-builder.yml leaves dist/tools out of the packages.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { NODE_BUNDLE } from './build-node.mjs';

export async function buildTools(root = process.cwd()) {
  const dir = join(root, 'tools');
  const entries = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  await Promise.all(
    entries.map((file) =>
      build({
        entryPoints: [join(dir, file)],
        outfile: join(root, 'dist/tools', `${basename(file, '.ts')}.js`),
        ...NODE_BUNDLE,
        packages: 'external',
      }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildTools();
  console.log('built dist/tools');
}
