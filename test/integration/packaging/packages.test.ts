// Issue 38's packaging acceptance: the .deb and .rpm built by electron-builder itself from
// electron-builder.yml (with the stand-ins of stand-ins.ts for the Electron binary and fpm),
// installed, upgraded 0.1.0 → 0.1.1, reinstalled and removed in throwaway roots with dpkg --root
// and rpm --root, their desktop entry, AppStream page, polkit policy and man page checked with
// the distribution's validators, and the installed CLI printing a report through the app's own
// Electron. Each package is built once and reused by every check.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSTALLED_APP_DIR,
  POLKIT_ACTION,
  POLKIT_LAUNCHER,
  POLKIT_POLICY,
} from '../../../src/main/privileged/polkit';
import { PRINT_SWITCH } from '../../../src/main/report/print-engine';
import {
  buildPackages,
  inInstalledLayout,
  makeRoot,
  ok,
  resolveIn,
  sh,
  writeElectronStandIn,
  writeFpmStandIn,
} from './stand-ins';

const has = (cmd: string) => sh('sh', ['-c', `command -v ${cmd}`]).status === 0;
const missing = ['dpkg-deb', 'dpkg', 'rpmbuild', 'rpm', 'desktop-file-validate', 'appstreamcli']
  .concat(['xmllint', 'unshare', 'pdftotext', 'man', 'readelf'])
  .filter((c) => !has(c));
const built = existsSync('dist/main/cli.js') && existsSync('dist/pkg/drivewise.1.gz');
const isRoot = process.getuid?.() === 0;
const why = !built
  ? 'dist/ is not built (npm run build)'
  : missing.length
    ? `missing ${missing.join(', ')}`
    : !isRoot
      ? 'dpkg --root and rpm --root run the scripts in a chroot: root only'
      : '';
if (why) console.warn(`packaging test skipped: ${why}`);

const APP = `${INSTALLED_APP_DIR}/drivewise-app`;
type Pkgs = Awaited<ReturnType<typeof buildPackages>>;

describe.skipIf(why !== '')('the .deb and .rpm electron-builder makes', () => {
  let tmp: string;
  let v010: Pkgs;
  let v011: Pkgs;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'dw-h38-packages-'));
    const stand = { electronDist: writeElectronStandIn(tmp), fpm: writeFpmStandIn(tmp) };
    v010 = await buildPackages(tmp, '0.1.0', stand);
    v011 = await buildPackages(tmp, '0.1.1', stand);
  }, 240_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** Both commands there, the GUI's through the alternative to the installed binary. */
  function expectCommands(root: string, when: string): void {
    expect(resolveIn(root, '/usr/bin/drivewise-app'), `drivewise-app ${when}`).toBe(APP);
    expect(resolveIn(root, '/usr/bin/drivewise'), `drivewise ${when}`).toBe('/usr/bin/drivewise');
  }
  function expectGone(root: string): void {
    for (const p of [
      '/usr/bin/drivewise-app',
      '/usr/bin/drivewise',
      INSTALLED_APP_DIR,
      POLKIT_POLICY,
    ])
      expect(existsSync(join(root, p)), p).toBe(false);
  }

  it('the rpm: our scripts, no .build-id links although it carries ELF files with build ids', () => {
    const files = ok(sh('rpm', ['-qlp', v011.rpm]), 'rpm -qlp').split('\n');
    expect(files.filter((f) => f.includes('.build-id'))).toEqual([]);
    // Not for want of candidates: chrome-sandbox and the addon are ELF files with a build id.
    for (const elf of [
      'chrome-sandbox',
      'resources/app.asar.unpacked/dist/main/drivewise_aio.node',
    ])
      expect(ok(sh('readelf', ['-n', join(v011.unpacked, elf)]), elf)).toMatch(
        /Build ID: [0-9a-f]{40}/,
      );
    // The addon is stripped (no symbol table), as Debian and Fedora want shipped objects.
    const sections = ok(
      sh('readelf', [
        '-S',
        join(v011.unpacked, 'resources/app.asar.unpacked/dist/main/drivewise_aio.node'),
      ]),
      'readelf',
    );
    expect(sections).not.toMatch(/\.symtab/);
    const scripts = ok(sh('rpm', ['-qp', '--scripts', v011.rpm]), 'rpm --scripts');
    expect(scripts).toMatch(/postinstall scriptlet \(using \/bin\/sh\)/);
    expect(scripts).toMatch(/0 \| remove \| abort-install\) ;;/);
    expect(ok(sh('rpm', ['-qp', '--recommends', v011.rpm]), 'recommends').split('\n')).toEqual(
      expect.arrayContaining(['polkit', 'smartmontools', 'hdparm']),
    );
  });

  it('rpm --root: install, upgrade 0.1.0 → 0.1.1, reinstall, remove', () => {
    const root = makeRoot(join(tmp, 'rpm-root'));
    const rpm = (...a: string[]) =>
      ok(sh('rpm', ['--root', root, '--nodeps', ...a]), `rpm ${a[0]}`);
    ok(sh('rpm', ['--root', root, '--initdb']), 'rpm --initdb');
    rpm('-i', v010.rpm);
    expectCommands(root, 'after rpm -i 0.1.0');
    rpm('-U', v011.rpm);
    expectCommands(root, 'after rpm -U 0.1.1');
    rpm('-U', '--replacepkgs', v011.rpm);
    expectCommands(root, 'after rpm -U --replacepkgs');
    expect(ok(sh('rpm', ['--root', root, '-q', 'drivewise']), 'rpm -q').trim()).toBe(
      'drivewise-0.1.1-1.x86_64',
    );
    ok(sh('rpm', ['--root', root, '-e', 'drivewise']), 'rpm -e');
    expectGone(root);
    expect(existsSync(join(root, 'etc/alternatives/drivewise-app'))).toBe(false);
  });

  it('dpkg --root: install, upgrade 0.1.0 → 0.1.1, reinstall, remove, purge', () => {
    const root = makeRoot(join(tmp, 'deb-root'));
    const dpkg = (...a: string[]) =>
      ok(sh('dpkg', [`--root=${root}`, '--force-depends', ...a]), `dpkg ${a.join(' ')}`);
    dpkg('-i', v010.deb);
    expectCommands(root, 'after dpkg -i 0.1.0');
    dpkg('-i', v011.deb);
    expectCommands(root, 'after dpkg -i 0.1.1');
    dpkg('-i', v011.deb);
    expectCommands(root, 'after reinstalling 0.1.1');
    dpkg('-r', 'drivewise');
    expectGone(root);
    dpkg('-P', 'drivewise');
    expect(existsSync(join(root, 'etc/alternatives/drivewise-app'))).toBe(false);
  });

  describe('installed (the .deb, 0.1.1)', () => {
    let root: string;
    const file = (p: string) => join(root, p);
    beforeAll(() => {
      root = makeRoot(join(tmp, 'installed'));
      ok(sh('dpkg', [`--root=${root}`, '--force-depends', '-i', v011.deb]), 'dpkg -i');
    });

    it('desktop entry, AppStream page, polkit action and man page pass their validators', () => {
      ok(
        sh('desktop-file-validate', [file('/usr/share/applications/drivewise-app.desktop')]),
        'desktop-file-validate',
      );
      const metainfo = file('/usr/share/metainfo/org.drivewise.app.metainfo.xml');
      ok(sh('appstreamcli', ['validate', '--no-net', metainfo]), 'appstreamcli validate');
      // polkitd is not running here (no system bus), so pkaction cannot answer: polkit's own DTD.
      ok(
        sh('xmllint', [
          '--noout',
          '--dtdvalid',
          '/usr/share/polkit-1/policyconfig-1.dtd',
          file(POLKIT_POLICY),
        ]),
        'xmllint',
      );
      const policy = readFileSync(file(POLKIT_POLICY), 'utf8');
      expect(policy).toContain(`<action id="${POLKIT_ACTION}">`);
      expect(policy).toContain(
        `<annotate key="org.freedesktop.policykit.exec.path">${POLKIT_LAUNCHER}</annotate>`,
      );
      expect(policy).toMatch(/<message>Drivewise needs admin rights to measure your drives/);
      const man = sh('man', ['--warnings', '-l', file('/usr/share/man/man1/drivewise.1.gz')], {
        ...process.env,
        MANWIDTH: '80',
      });
      expect(man.stderr).toBe('');
      expect(man.stdout).toMatch(/drivewise - is the new drive worth it/);
      expect(readFileSync(file('/usr/share/doc/drivewise/copyright'), 'utf8')).toMatch(
        /^Format: https:\/\/www\.debian\.org\/doc\/packaging-manuals\/copyright-format\/1\.0\//,
      );
    });

    it('the launcher polkit runs starts the root helper as plain Node, from a clean environment', () => {
      // As pkexec runs it: root, an emptied environment, PKEXEC_UID. No arguments: the helper's
      // own usage line proves the binary ran root-helper.js (the RunAsNode fuse is on).
      const r = inInstalledLayout(root, [file(POLKIT_LAUNCHER)], {
        PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
        PKEXEC_UID: '1000',
        DW_STANDIN_REPO: process.cwd(),
        DW_STANDIN_CACHE: join(tmp, 'asar-cache'),
      });
      expect(r.stderr).toMatch(/drivewise root helper: usage: root-helper --socket PATH/);
      expect(r.status).toBe(3);
    });

    it('`drivewise report --pdf` prints with the app’s own Electron, not Playwright', () => {
      const home = join(tmp, 'home');
      mkdirSync(home, { recursive: true });
      const log = join(tmp, 'stand-in.log');
      const out = join(tmp, 'report.pdf');
      const fixture = (n: string) => join(process.cwd(), 'test/fixtures/fleet', n);
      const env = {
        PATH: process.env.PATH,
        HOME: home,
        // The Playwright path would stop here with one line: no Chromium at CHROME_PATH.
        CHROME_PATH: join(tmp, 'no-chromium'),
        DW_STANDIN_REPO: process.cwd(),
        DW_STANDIN_CACHE: join(tmp, 'asar-cache'),
        DW_STANDIN_LOG: log,
      };
      const version = inInstalledLayout(root, [file('/usr/bin/drivewise'), '--version'], env);
      // The CLI's own version is built in (dist/), not the package's: the command runs at all.
      const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      expect(version.stdout.trim(), version.stderr).toBe(pkg.version);
      const r = inInstalledLayout(
        root,
        [
          file('/usr/bin/drivewise'),
          'report',
          fixture('quick-hdd-like.json'),
          fixture('quick-fast.json'),
          '--pdf',
          out,
        ],
        env,
      );
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^Saved .*report\.pdf \(\d+ pages?, A4\)/);
      expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(ok(sh('pdftotext', [out, '-']), 'pdftotext')).toMatch(/Drivewise/);
      const calls = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as { call: string; argv?: string[]; options?: object; fuses?: string },
        );
      // The binary started again as Electron (not as Node), headless, with no sandbox as root…
      expect(calls[0]).toMatchObject({
        call: 'start',
        argv: [PRINT_SWITCH, '--ozone-platform=headless', '--disable-gpu', '--no-sandbox'],
      });
      // …with the fuses electron-builder set (RunAsNode on, NODE_OPTIONS and --inspect off)…
      expect(calls[0]!.fuses).toBe('11000101');
      // …and printed with printToPDF, the options File → Save report uses.
      expect(calls.find((c) => c.call === 'webContents.printToPDF')?.options).toMatchObject({
        pageSize: 'A4',
        preferCSSPageSize: true,
        printBackground: true,
      });
      expect(calls.find((c) => c.call === 'app.exit')).toMatchObject({ code: 0 });
    });
  });
});
