// What a program name starts, on fake systems laid out in a temporary folder as Ubuntu (the snap
// firefox behind /usr/bin/firefox, a shell script), a flatpak installation, Debian (chromium's
// launcher script) and a script that names no program.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveApp } from '../../../../src/main/tasks/app-resolve';
import { parseCommand, recipeFor } from '../../../../src/main/tasks/app-recipes';

const root = mkdtempSync(join(tmpdir(), 'dw-resolve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ELF = Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(60)]);

function put(path: string, content: string | Buffer, mode = 0o755): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  chmodSync(join(root, path), mode);
}
function link(path: string, target: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  symlinkSync(target, join(root, path));
}

// Ubuntu 24.04: the transitional deb's /usr/bin/firefox script, /snap/bin/firefox → snap.
put(
  '/usr/bin/firefox',
  '#!/bin/sh\n# Firefox is a snap on this system.\nif [ ! -x /snap/bin/firefox ]; then\n  echo "install the firefox snap" >&2\n  exit 1\nfi\nexec /snap/bin/firefox "$@"\n',
);
put('/usr/bin/snap', ELF);
link('/snap/bin/firefox', '/usr/bin/snap');
link('/snap/bin/chromium', '/usr/bin/snap');
link('/snap/firefox/current', '4793');
put('/snap/firefox/4793/usr/lib/firefox/firefox', ELF);
// A flatpak exported launcher.
put(
  '/var/lib/flatpak/exports/bin/org.gimp.GIMP',
  '#!/bin/sh\nexec /usr/bin/flatpak run --branch=stable --arch=x86_64 --command=gimp-2.10 --file-forwarding org.gimp.GIMP @@ "$@" @@\n',
);
put('/usr/bin/flatpak', ELF);
put(
  '/var/lib/flatpak/app/org.gimp.GIMP/current/active/metadata',
  '[Application]\nname=org.gimp.GIMP\ncommand=gimp-2.10\n',
  0o644,
);
put('/var/lib/flatpak/app/org.gimp.GIMP/current/active/files/bin/gimp-2.10', ELF);
// Debian: /usr/bin/chromium is a launcher script; the binary is in /usr/lib/chromium.
put(
  '/usr/bin/chromium',
  '#!/bin/sh\nAPPNAME=chromium\nLIBDIR=/usr/lib/$APPNAME\nexec $LIBDIR/$APPNAME $CHROMIUM_FLAGS "$@"\n',
);
put('/usr/lib/chromium/chromium', ELF);
// A plain binary through a symlink, and a script that names no program.
put('/opt/tool/bin/tool', ELF);
link('/usr/bin/tool', '../../opt/tool/bin/tool');
put('/usr/bin/mystery', '#!/bin/sh\ncd "$HOME" && exec "$EDITOR" "$@"\n');

const opts = { root, pathEnv: '/usr/bin:/snap/bin', home: '/home/you' };

describe('resolveApp', () => {
  it('names Ubuntu’s firefox wrapper as the snap it starts, with the image its start reads', () => {
    expect(resolveApp('firefox', opts)).toEqual({
      name: 'firefox',
      kind: 'snap',
      launch: ['/snap/bin/firefox'],
      exe: '/snap/firefox/current/usr/lib/firefox/firefox',
      storage: '/var/lib/snapd/snaps/firefox_4793.snap',
      note: 'firefox is the snap firefox (/usr/bin/firefox is a wrapper that starts it): started through snap run, it reads its files from /var/lib/snapd/snaps/firefox_4793.snap',
    });
  });

  it('says why a snap name cannot be timed when the snap is not installed', () => {
    expect(resolveApp('chromium', { ...opts, pathEnv: '/snap/bin' })).toEqual({
      name: 'chromium',
      why: '/snap/bin/chromium starts the snap chromium, which is not installed',
    });
  });

  it('names a flatpak launcher as the flatpak, with its files', () => {
    const r = resolveApp('/var/lib/flatpak/exports/bin/org.gimp.GIMP', opts);
    expect(r).toMatchObject({
      kind: 'flatpak',
      launch: ['flatpak', 'run', 'org.gimp.GIMP'],
      exe: '/var/lib/flatpak/app/org.gimp.GIMP/current/active/files/bin/gimp-2.10',
      storage: '/var/lib/flatpak/app/org.gimp.GIMP/current/active/files',
    });
  });

  it('times the binary behind a launcher script, never the script', () => {
    expect(resolveApp('chromium', opts)).toEqual({
      name: 'chromium',
      kind: 'script',
      launch: ['/usr/lib/chromium/chromium'],
      exe: '/usr/lib/chromium/chromium',
      storage: '/usr/lib/chromium/chromium',
      note: '/usr/bin/chromium is a shell script that starts /usr/lib/chromium/chromium: that binary is what is timed',
    });
  });

  it('follows symlinks to a binary; a script naming no program is named, not timed', () => {
    expect(resolveApp('tool', opts)).toMatchObject({ kind: 'elf', exe: '/opt/tool/bin/tool' });
    expect(resolveApp('mystery', opts)).toEqual({
      name: 'mystery',
      why: '/usr/bin/mystery is a shell script and the program it starts could not be found in it: name the program itself',
    });
    expect(resolveApp('absent', opts)).toEqual({ name: 'absent', why: 'absent is not installed' });
  });
});

describe('start-and-exit recipes', () => {
  it('finds the recipe by the name asked for or the binary’s, and runs Chromium unsandboxed only as root', () => {
    expect(recipeFor('chromium-browser')?.names[0]).toBe('chromium');
    expect(recipeFor('x', '/opt/google/chrome/chrome')?.names[0]).toBe('chromium');
    expect(recipeFor('node')).toBeNull();
    const args = (root: boolean) => recipeFor('chromium')!.args('/p', '/o', root);
    expect(args(false)).not.toContain('--no-sandbox');
    expect(args(true)).toContain('--no-sandbox');
    expect(args(false)).toContain('--user-data-dir=/p');
  });

  it('reads a typed command line as a shell would, with no expansion', () => {
    expect(parseCommand(`gimp -i -b '(gimp-quit 0)'`)).toEqual([
      'gimp',
      '-i',
      '-b',
      '(gimp-quit 0)',
    ]);
    expect(parseCommand(`my\\ app --x="a b" $HOME ''`)).toEqual(['my app', '--x=a b', '$HOME', '']);
    expect(() => parseCommand(`app 'open`)).toThrow("unclosed ' in the command: app 'open");
  });
});
