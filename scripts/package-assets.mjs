// Files the .deb and .rpm install beside the app that need a build step (electron-builder.yml maps
// them from dist/pkg, which is left out of app.asar): the man page, gzipped as Debian policy and
// Fedora's guidelines want it (no name or time in the gzip header, so a rebuild is byte-identical).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function buildPackageAssets(root = process.cwd()) {
  const out = join(root, 'dist/pkg');
  mkdirSync(out, { recursive: true });
  const page = readFileSync(join(root, 'assets/linux/drivewise.1'));
  writeFileSync(join(out, 'drivewise.1.gz'), gzipSync(page, { level: 9 }));
}
