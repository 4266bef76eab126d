// The packaging test's kit: the two stand-ins electron-builder runs with where Electron and fpm
// cannot be downloaded (an Electron-shaped directory through `electronDist`, an fpm substitute
// through CUSTOM_FPM_PATH), the build itself, and throwaway roots to install the packages into.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const REPO = process.cwd();
const req = createRequire(join(REPO, 'package.json'));
const HERE = resolve(__dirname);

/** @electron/fuses' marker: electron-builder flips the fuse bytes that follow it. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's eight fuses as shipped: RunAsNode on, cookie encryption off, and so on. */
const SHIPPED_FUSES = '10110001';

/**
 * An Electron-shaped directory: the binary (a shell script carrying a real fuse wire, run by
 * electron-stand-in.mjs), chrome-sandbox (a real ELF with a build id, as Electron's is), the
 * version file, a license and a locale.
 */
export function writeElectronStandIn(dir: string): string {
  const dist = join(dir, 'electron-dist');
  mkdirSync(join(dist, 'locales'), { recursive: true });
  mkdirSync(join(dist, 'resources'), { recursive: true });
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\n# Stand-in Electron (Drivewise packaging test). Its fuse wire:\n# '),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, SHIPPED_FUSES.length]),
    Buffer.from(`${SHIPPED_FUSES}\n`),
    Buffer.from(`exec '${process.execPath}' '${join(HERE, 'electron-stand-in.mjs')}' "$0" "$@"\n`),
  ]);
  writeFileSync(join(dist, 'electron'), script, { mode: 0o755 });
  copyFileSync('/usr/bin/true', join(dist, 'chrome-sandbox'));
  const version = (req('electron/package.json') as { version: string }).version;
  writeFileSync(join(dist, 'version'), version);
  writeFileSync(join(dist, 'LICENSE'), 'Stand-in for the Electron license.\n');
  writeFileSync(join(dist, 'locales/en-US.pak'), 'stand-in');
  return dist;
}

/** The fpm substitute as an executable file (electron-builder runs CUSTOM_FPM_PATH directly). */
export function writeFpmStandIn(dir: string): string {
  const fpm = join(dir, 'fpm');
  writeFileSync(
    fpm,
    `#!/bin/sh\nexec '${process.execPath}' '${join(HERE, 'fpm-stand-in.mjs')}' "$@"\n`,
    { mode: 0o755 },
  );
  return fpm;
}

/**
 * Builds the .deb and .rpm of `version` with electron-builder and the repository's own
 * electron-builder.yml; only the Electron directory, the output folder and the version differ.
 * The config goes in as a file: handed over as an object it would be merged with the yml,
 * lists and all.
 */
export async function buildPackages(
  dir: string,
  version: string,
  stand: { electronDist: string; fpm: string },
): Promise<{ deb: string; rpm: string; unpacked: string }> {
  const { load, dump } = req('js-yaml') as {
    load: (t: string) => Record<string, unknown>;
    dump: (o: unknown) => string;
  };
  const { build, Platform, Arch } = req('electron-builder') as typeof import('electron-builder');
  const config = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8'));
  const out = join(dir, `out-${version}`);
  const file = join(dir, `electron-builder-${version}.yml`);
  writeFileSync(
    file,
    dump({
      ...config,
      electronDist: stand.electronDist,
      directories: { ...(config.directories as object), output: out },
      extraMetadata: { version },
    }),
  );
  const before = process.env.CUSTOM_FPM_PATH;
  process.env.CUSTOM_FPM_PATH = stand.fpm;
  try {
    const files = await build({
      projectDir: REPO,
      config: file,
      targets: Platform.LINUX.createTarget(['deb', 'rpm'], Arch.x64),
      publish: 'never',
    });
    const deb = files.find((f) => f.endsWith('.deb'));
    const rpm = files.find((f) => f.endsWith('.rpm'));
    if (!deb || !rpm) throw new Error(`electron-builder made ${files.join(', ')}`);
    return { deb, rpm, unpacked: join(out, 'linux-unpacked') };
  } finally {
    if (before === undefined) delete process.env.CUSTOM_FPM_PATH;
    else process.env.CUSTOM_FPM_PATH = before;
  }
}

export function sh(cmd: string, args: string[], env?: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { encoding: 'utf8', env: env ?? process.env, timeout: 120_000 });
}

/** Fails with the tool's own words unless it exited 0. */
export function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0)
    throw new Error(`${what} exited ${r.status}: ${(r.stderr || r.stdout || '').trim()}`);
  return r.stdout;
}

/** Where a command lives, resolved (merged /usr: /bin/sh is /usr/bin/dash). */
function which(cmd: string): string {
  return ok(sh('sh', ['-c', `command -v ${cmd}`]), `command -v ${cmd}`).trim();
}

/**
 * A throwaway root the maintainer scripts can run in (dpkg and rpm chroot into it): a shell,
 * the few programs the scripts call (with their libraries), /dev/null, and empty dpkg and
 * update-alternatives databases. Needs root (mknod, and chroot in dpkg and rpm).
 */
export function makeRoot(root: string): string {
  for (const d of [
    'usr/bin',
    'usr/sbin',
    'usr/lib',
    'usr/lib64',
    'dev',
    'tmp',
    'etc/alternatives',
    'var/lib/dpkg/info',
    'var/lib/dpkg/updates',
    'var/lib/dpkg/alternatives',
  ])
    mkdirSync(join(root, d), { recursive: true });
  // Merged /usr, as on Debian 12, Ubuntu 24.04 and Fedora 41.
  for (const d of ['bin', 'sbin', 'lib', 'lib64']) symlinkSync(`usr/${d}`, join(root, d));
  writeFileSync(join(root, 'var/lib/dpkg/status'), '');
  writeFileSync(join(root, 'var/lib/dpkg/available'), '');
  ok(sh('mknod', ['-m', '666', join(root, 'dev/null'), 'c', '1', '3']), 'mknod');
  for (const cmd of ['sh', 'rm', 'readlink', 'ln', 'chmod', 'cp', 'update-alternatives']) {
    const path = which(cmd);
    const real = ok(sh('readlink', ['-f', path]), 'readlink').trim();
    copyInto(root, real, path);
    const libs = sh('ldd', [real]).stdout.match(/\/\S+/g) ?? [];
    for (const lib of libs) copyInto(root, ok(sh('readlink', ['-f', lib]), 'readlink').trim(), lib);
  }
  return root;
}

function copyInto(root: string, from: string, to: string): void {
  const dest = join(root, to);
  mkdirSync(dirname(dest), { recursive: true });
  copyFileSync(from, dest);
  spawnSync('chmod', ['755', dest]);
}

/** Follows a link inside the root the way the installed system would (absolute targets too). */
export function resolveIn(root: string, path: string, depth = 0): string | null {
  if (depth > 8) return null;
  const r = sh('readlink', [join(root, path)]);
  if (r.status !== 0) return sh('test', ['-e', join(root, path)]).status === 0 ? path : null;
  const target = r.stdout.trim();
  return resolveIn(root, target.startsWith('/') ? target : join(dirname(path), target), depth + 1);
}

/**
 * Runs argv with the root's /opt/Drivewise at /opt/Drivewise, as the installed launchers expect,
 * in a mount namespace of its own (tmpfs over /opt there only; nothing outside sees it).
 */
export function inInstalledLayout(
  root: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
): SpawnSyncReturns<string> {
  const script =
    'mount -t tmpfs tmpfs /opt && mkdir /opt/Drivewise && ' +
    'mount --bind "$0/opt/Drivewise" /opt/Drivewise && exec "$@"';
  return sh(
    'unshare',
    ['--mount', '--propagation', 'private', 'sh', '-c', script, root, ...argv],
    env,
  );
}
