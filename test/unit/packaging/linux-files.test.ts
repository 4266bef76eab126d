// The files the .deb and .rpm install beside the app (assets/linux) agree with the code that uses
// them and with each other: the polkit action names the launcher the app hands to pkexec, the
// launcher runs the unpacked helper, the AppStream page names the desktop entry and the current
// version, the man page lists every command `drivewise --help` does, and the maintainer scripts
// keep /usr/bin/drivewise-app through upgrades (the packaging integration test runs them).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { buildProgram } from '../../../src/main/program';
import {
  INSTALLED_APP_DIR,
  POLKIT_ACTION,
  POLKIT_LAUNCHER,
  POLKIT_POLICY,
} from '../../../src/main/privileged/polkit';

const REPO = process.cwd();
const req = createRequire(__filename);
const { load } = req('js-yaml') as { load: (text: string) => unknown };
const config = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as {
  executableName: string;
  asarUnpack: string[];
  deb: { fpm: string[]; afterInstall: string; afterRemove: string };
  rpm: { fpm: string[]; afterInstall: string; afterRemove: string };
};
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  version: string;
  homepage: string;
};
const text = (f: string) => readFileSync(join(REPO, f), 'utf8');
/** fpm's `src=dst` mappings of one package, by destination. */
const mappings = (fpm: string[]) =>
  Object.fromEntries(
    fpm
      .filter((a) => /^[^-].*=\//.test(a))
      .map((a) => [a.slice(a.indexOf('=') + 1), a.split('=')[0]]),
  );

describe('the files beside the app', () => {
  it('both packages install the same launcher, policy, metainfo and man page; each its copyright', () => {
    const deb = mappings(config.deb.fpm);
    const rpm = mappings(config.rpm.fpm);
    for (const m of [deb, rpm]) {
      expect(m[POLKIT_LAUNCHER]).toBe('assets/linux/drivewise-root-helper');
      expect(m[POLKIT_POLICY]).toBe('assets/linux/org.drivewise.app.policy');
      expect(m['/usr/share/metainfo/org.drivewise.app.metainfo.xml']).toBe(
        'assets/linux/org.drivewise.app.metainfo.xml',
      );
      expect(m['/usr/share/man/man1/drivewise.1.gz']).toBe('dist/pkg/drivewise.1.gz');
    }
    expect(deb['/usr/share/doc/drivewise/copyright']).toBe('assets/linux/copyright');
    expect(rpm['/usr/share/licenses/drivewise/copyright']).toBe('assets/linux/copyright');
    for (const t of [config.deb, config.rpm]) {
      expect(t.afterInstall).toBe('assets/linux/after-install.sh');
      expect(t.afterRemove).toBe('assets/linux/after-remove.sh');
    }
    expect(config.rpm.fpm.join(' ')).toContain('--rpm-rpmbuild-define _build_id_links none');
  });

  it('the polkit action runs the launcher; the launcher runs the unpacked helper as Node', () => {
    const policy = text('assets/linux/org.drivewise.app.policy');
    expect(policy).toContain(`<action id="${POLKIT_ACTION}">`);
    expect(policy).toContain(
      `<annotate key="org.freedesktop.policykit.exec.path">${POLKIT_LAUNCHER}</annotate>`,
    );
    // Each time, not once for a while (auth_admin_keep): the helper reads raw disks.
    expect(policy.match(/<allow_\w+>auth_admin<\/allow_\w+>/g)).toHaveLength(3);
    const launcher = text('assets/linux/drivewise-root-helper');
    expect(statSync(join(REPO, 'assets/linux/drivewise-root-helper')).mode & 0o755).toBe(0o755);
    expect(config.asarUnpack).toContain('dist/main/root-helper.js');
    expect(launcher).toContain('export ELECTRON_RUN_AS_NODE=1\n');
    expect(launcher).toContain(
      `exec ${INSTALLED_APP_DIR}/${config.executableName} ${INSTALLED_APP_DIR}/resources/app.asar.unpacked/dist/main/root-helper.js "$@"\n`,
    );
  });

  it('the AppStream page: the desktop entry, the current version, the homepage', () => {
    const xml = text('assets/linux/org.drivewise.app.metainfo.xml');
    expect(xml).toContain(
      `<launchable type="desktop-id">${config.executableName}.desktop</launchable>`,
    );
    expect(xml).toMatch(
      new RegExp(`<releases>\\s*<release version="${pkg.version.replace(/\./g, '\\.')}"`),
    );
    expect(xml).toContain(`<url type="homepage">${pkg.homepage}</url>`);
  });

  it('the man page has an entry for every command `drivewise --help` lists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-man-'));
    try {
      const program = buildProgram(createServices({ configDir: dir }), {
        out: () => undefined,
        err: () => undefined,
      } as never);
      const commands = program.commands.map((c) => c.name());
      expect(commands.length).toBeGreaterThan(10);
      const man = text('assets/linux/drivewise.1');
      for (const c of commands) expect(man, c).toMatch(new RegExp(`\\\\fB${c}\\b|\\.B ${c}\\b`));
      expect(man).toContain(`"Drivewise ${pkg.version}"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after-remove takes the link away only on a real removal, never on an upgrade', () => {
    const script = text('assets/linux/after-remove.sh');
    expect(script).toMatch(/^#!\/bin\/sh\n/);
    expect(script).toMatch(
      /case "\$1" in\n\s+0 \| remove \| abort-install\) ;;\n\s+\*\) exit 0 ;;\nesac/,
    );
    // electron-builder fills ${…} in these files as its own macros: only $name is used here.
    for (const f of ['after-install.sh', 'after-remove.sh'])
      expect(text(`assets/linux/${f}`), f).not.toMatch(/\$\{/);
  });
});
