#!/usr/bin/env node
// `npm test` runs this first (pretest): the tests use real system tools (Chromium for e2e and PDFs,
// fio/hdparm/bonnie++ as reference anchors, loop devices, a compiler for the native addon). On a
// fresh machine they are missing, and a test deep inside the suite would fail with a riddle.
// Here we install what is missing with apt-get (as root, or through sudo when it needs no
// password), or stop at once with one line naming the exact Debian packages.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each command the tests run, and the Debian package that provides it. */
export const REQUIRED = [
  { command: 'chromium', package: 'chromium', why: 'end-to-end tests and PDF printing' },
  { command: 'pdftotext', package: 'poppler-utils', why: 'PDF report assertions' },
  { command: 'pdftoppm', package: 'poppler-utils', why: 'PDF page rendering' },
  { command: 'fio', package: 'fio', why: 'fio anchor and import tests' },
  { command: 'hdparm', package: 'hdparm', why: 'root helper identify and hdparm anchor' },
  { command: 'bonnie++', package: 'bonnie++', why: 'bonnie++ anchor' },
  { command: 'smartctl', package: 'smartmontools', why: 'drive health through the root helper' },
  { command: 'lsblk', package: 'util-linux', why: 'drive detection' },
  { command: 'losetup', package: 'mount', why: 'loop-device tests' },
  { command: 'mkfs.ext4', package: 'e2fsprogs', why: 'ext4 loop images' },
  { command: 'useradd', package: 'passwd', why: 'unprivileged-attacker security tests' },
  { command: 'setfacl', package: 'acl', why: 'ACL security tests (another account given write)' },
  { command: 'xz', package: 'xz-utils', why: 'tarball unpack tests' },
  { command: 'bzip2', package: 'bzip2', why: 'tarball unpack tests' },
  { command: 'g++', package: 'g++', why: 'native addon' },
  { command: 'make', package: 'make', why: 'native addon' },
  { command: 'python3', package: 'python3', why: 'native addon (node-gyp)' },
  { command: 'ansible-playbook', package: 'ansible-core', why: 'fleet playbook test' },
  { command: 'ansible-lint', package: 'ansible-lint', why: 'the Ansible role is lint-clean' },
  { command: 'sshd', package: 'openssh-server', why: 'fleet test hosts' },
  { command: 'ssh', package: 'openssh-client', why: 'fleet test controller' },
  { command: 'sudo', package: 'sudo', why: 'fleet test: become' },
  { command: 'ip', package: 'iproute2', why: 'fleet test: network namespaces' },
  { command: 'time', package: 'time', why: 'npm run bench:fleet (peak RSS)' },
  { command: 'rpmbuild', package: 'rpm', why: 'packaging test: the .rpm, rpm --root' },
  { command: 'desktop-file-validate', package: 'desktop-file-utils', why: 'packaging test' },
  { command: 'appstreamcli', package: 'appstream', why: 'packaging test: the metainfo' },
  { command: 'xmllint', package: 'libxml2-utils', why: 'packaging test: the polkit policy' },
  { command: 'pkaction', package: 'polkitd', why: "packaging test: polkit's policy DTD" },
  { command: 'man', package: 'man-db', why: 'packaging test: the man page renders cleanly' },
  { command: 'readelf', package: 'binutils', why: 'packaging test: build ids, a stripped addon' },
];

/** The sbin folders a non-root PATH lacks; DRIVEWISE_SETUP_SBIN overrides them (tests hide them). */
const sbinDirs = (env) =>
  (env.DRIVEWISE_SETUP_SBIN ?? '/usr/local/sbin:/usr/sbin:/sbin').split(delimiter).filter(Boolean);

/** True when `command` is an executable on PATH or in the sbin folders. */
export function onPath(command, env = process.env) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean).concat(sbinDirs(env));
  return dirs.some((d) => {
    try {
      accessSync(join(d, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The Debian packages still needed, in a stable order, each once. */
export function missingPackages(env = process.env, has = (c) => onPath(c, env)) {
  const chromeOk = env.CHROME_PATH && existsSync(env.CHROME_PATH);
  const need = REQUIRED.filter((r) => !(r.command === 'chromium' && chromeOk) && !has(r.command));
  return [...new Set(need.map((r) => r.package))];
}

/** How to install: directly as root, through password-less sudo, or not at all. */
export function installMethod({ isRoot, sudoWorks, aptGet }) {
  if (!aptGet) return null;
  if (isRoot) return [];
  if (sudoWorks) return ['sudo', '-n'];
  return null;
}

export function refusalLine(packages) {
  return `drivewise tests: missing system packages; install them and run npm test again: sudo apt-get install ${packages.join(' ')}`;
}

function run(argv, opts = {}) {
  const [cmd, ...args] = argv;
  return spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status === 0;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const missing = missingPackages();
  if (missing.length > 0) {
    const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((p) => existsSync(p));
    const noInstall = process.env.DRIVEWISE_NO_INSTALL === '1';
    const prefix = noInstall
      ? null
      : installMethod({
          isRoot: process.getuid?.() === 0,
          sudoWorks: spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
          aptGet,
        });
    if (prefix === null) {
      console.error(refusalLine(missing));
      process.exit(1);
    }
    console.log(
      `drivewise tests: installing ${missing.join(' ')} with apt-get (the tests use them)`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      run([...prefix, aptGet, 'update', '-qq'], { env }) &&
      run([...prefix, aptGet, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
        env,
      });
    const still = missingPackages();
    if (!ok || still.length > 0) {
      console.error(refusalLine(still.length > 0 ? still : missing));
      process.exit(1);
    }
  }
  // npm install keeps going without a compiler; once one is here, build the addon it skipped.
  if (!existsSync(join(root, 'build', 'Release', 'drivewise_aio.node'))) {
    console.log('drivewise tests: building the native addon that npm install could not build');
    // `npm run install` is the package's own install script (node-gyp from npm's bundle).
    run(['npm', 'run', 'install'], { cwd: root });
    if (!existsSync(join(root, 'build', 'Release', 'drivewise_aio.node'))) {
      console.error(
        'drivewise tests: the native addon did not build (see the node-gyp output above)',
      );
      process.exit(1);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
