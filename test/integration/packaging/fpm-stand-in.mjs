// The fpm substitute of the packaging test (CUSTOM_FPM_PATH): fpm 1.17 cannot be downloaded here,
// so this reads the very arguments electron-builder passes to fpm and builds the package the way
// fpm does, with the distribution's own tools: dpkg-deb for the .deb (control file, postinst and
// postrm = the after-install and after-remove scripts, as fpm writes them when no upgrade hooks
// are given) and rpmbuild for the .rpm (a spec shaped like fpm's templates/rpm.erb: %post and
// %postun = those scripts, no build/install steps, AutoReqProv off, every --rpm-rpmbuild-define
// passed on as --define). An option it does not know fails the build: the config may not rely on
// something this substitute would silently drop.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const VALUE = new Set([
  '-s',
  '-t',
  '-d',
  '--deb-recommends',
  '--deb-compression',
  '--deb-priority',
  '--rpm-os',
  '--rpm-compression',
  '--rpm-summary',
  '--rpm-tag',
  '--rpm-rpmbuild-define',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--category',
  '--license',
  '--iteration',
]);
const FLAG = new Set(['--force']);

function parse(argv) {
  const o = { multi: {}, maps: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (FLAG.has(a)) continue;
    // fpm (Clamp) takes `--option value` and `--option=value`.
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (VALUE.has(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
      (o.multi[name] ??= []).push(v);
      o[name] = v;
    } else if (a.startsWith('-')) throw new Error(`fpm stand-in: unknown option ${a}`);
    else if (a.includes('='))
      o.maps.push([a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);
    else throw new Error(`fpm stand-in: unexpected argument ${a}`);
  }
  if (o['-s'] !== 'dir') throw new Error(`fpm stand-in: only -s dir, got ${o['-s']}`);
  return o;
}

/** Copies each src=dst mapping into the staging tree (a src ending in / copies its contents). */
function stage(o, root) {
  for (const [src, dst] of o.maps) {
    const to = join(root, dst);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(src, to, { recursive: true, verbatimSymlinks: true });
  }
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.status !== 0)
    throw new Error(`fpm stand-in: ${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

function sizeKiB(dir) {
  let total = 0;
  for (const f of readdirSync(dir, { recursive: true })) {
    const st = statSync(join(dir, f), { throwIfNoEntry: false });
    if (st?.isFile()) total += st.size;
  }
  return Math.ceil(total / 1024);
}

function buildDeb(o, work) {
  const root = join(work, 'root');
  stage(o, root);
  const installedKiB = sizeKiB(root);
  mkdirSync(join(root, 'DEBIAN'));
  const [synopsis, ...rest] = o['--description'].split('\n');
  const control = [
    `Package: ${o['--name']}`,
    `Version: ${o['--version']}${o['--iteration'] ? `-${o['--iteration']}` : ''}`,
    `License: ${o['--license'] ?? 'unknown'}`,
    `Vendor: ${o['--vendor']}`,
    `Architecture: ${o['--architecture']}`,
    `Maintainer: ${o['--maintainer']}`,
    `Installed-Size: ${installedKiB}`,
    `Depends: ${(o.multi['-d'] ?? []).join(', ')}`,
    ...(o.multi['--deb-recommends']
      ? [`Recommends: ${o.multi['--deb-recommends'].join(', ')}`]
      : []),
    `Section: ${o['--category'] ?? 'default'}`,
    `Priority: ${o['--deb-priority'] ?? 'optional'}`,
    `Homepage: ${o['--url']}`,
    `Description: ${synopsis}`,
    ...rest.map((l) => (l.trim() ? ` ${l.trim()}` : ' .')),
  ];
  writeFileSync(join(root, 'DEBIAN/control'), control.join('\n') + '\n');
  for (const [opt, name] of [
    ['--after-install', 'postinst'],
    ['--after-remove', 'postrm'],
  ]) {
    if (!o[opt]) continue;
    writeFileSync(join(root, 'DEBIAN', name), readFileSync(o[opt]));
    chmodSync(join(root, 'DEBIAN', name), 0o755);
  }
  // Compression is not what this test checks; fast gzip keeps it short.
  run('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z1', '--build', root, o['--package']]);
}

/** fpm's rpm architecture names (Debian's amd64 is rpm's x86_64). */
const rpmArch = (a) => ({ amd64: 'x86_64', arm64: 'aarch64', all: 'noarch' })[a] ?? a;

function rpmSpec(o, root) {
  const files = [];
  const dirs = [];
  for (const f of readdirSync(root, { recursive: true })) {
    const st = statSync(join(root, f), { throwIfNoEntry: false }) ?? { isDirectory: () => false };
    const p = '/' + f;
    // fpm lists the directories it made itself (not /usr, /opt…) and every file.
    if (st.isDirectory()) {
      if (p.startsWith('/opt/') || /^\/usr\/(share\/(doc|licenses)|libexec)\/drivewise/.test(p))
        dirs.push(p);
    } else files.push(p);
  }
  const quote = (p) => (/[\s]/.test(p) ? `"${p}"` : p);
  const script = (opt, section) =>
    o[opt] ? [`%${section}`, readFileSync(o[opt], 'utf8'), ''] : [];
  return [
    ...['prep', 'build', 'install', 'clean'].flatMap((s) => [
      `%define __spec_${s}_post true`,
      `%define __spec_${s}_pre true`,
    ]),
    '%define _binary_filedigest_algorithm 8',
    '%define _binary_payload w1.gzdio',
    `Name: ${o['--name']}`,
    `Version: ${o['--version']}`,
    `Release: ${o['--iteration'] ?? 1}`,
    `Summary: ${o['--rpm-summary'] ?? o['--description'].split('\n')[0]}`,
    `BuildArch: ${rpmArch(o['--architecture'])}`,
    'AutoReqProv: no',
    'BuildRoot: %buildroot',
    `Group: ${o['--category'] ?? 'default'}`,
    `License: ${o['--license'] ?? 'unknown'}`,
    `Vendor: ${o['--vendor']}`,
    `URL: ${o['--url']}`,
    `Packager: ${o['--maintainer']}`,
    ...(o.multi['-d'] ?? []).map((d) => `Requires: ${d}`),
    ...(o.multi['--rpm-tag'] ?? []),
    '%description',
    o['--description'].replace(/^\s*$/gm, ' .'),
    '%prep',
    '%build',
    '%install',
    '%clean',
    ...script('--after-install', 'post'),
    ...script('--after-remove', 'postun'),
    '%files',
    '%defattr(-,root,root,-)',
    ...dirs.map((d) => `%dir ${quote(d)}`),
    ...files.map(quote),
    '%changelog',
  ].join('\n');
}

function buildRpm(o, work) {
  const root = join(work, 'root');
  stage(o, root);
  const spec = join(work, 'package.spec');
  writeFileSync(spec, rpmSpec(o, root) + '\n');
  const top = join(work, 'rpmbuild');
  const defines = (o.multi['--rpm-rpmbuild-define'] ?? []).flatMap((d) => ['--define', d]);
  run('rpmbuild', [
    '-bb',
    '--target',
    `${rpmArch(o['--architecture'])}-unknown-${o['--rpm-os'] ?? 'linux'}`,
    '--define',
    `buildroot ${root}`,
    '--define',
    `_topdir ${top}`,
    '--define',
    '_rpmfilename out.rpm',
    ...defines,
    spec,
  ]);
  cpSync(join(top, 'RPMS', 'out.rpm'), o['--package']);
}

const o = parse(process.argv.slice(2));
const work = mkdtempSync(join(tmpdir(), 'dw-fpm-'));
try {
  if (o['-t'] === 'deb') buildDeb(o, work);
  else if (o['-t'] === 'rpm') buildRpm(o, work);
  else throw new Error(`fpm stand-in: no -t ${o['-t']}`);
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
