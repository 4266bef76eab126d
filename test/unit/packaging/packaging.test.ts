// electron-builder.yml and package.json checked against what a Linux desktop and electron-builder
// itself expect: the config passes electron-builder's own schema, the desktop entry matches the
// window's app id, the icons are what their names say, every file run outside app.asar is
// unpacked, and the .deb keeps electron-builder's default dependencies.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helperScriptPath } from '../../../src/main/privileged/elevate';
import { WM_CLASS } from '../../../src/main/shell/window';

const REPO = process.cwd();
const req = createRequire(__filename);
const { load } = req('js-yaml') as { load: (text: string) => unknown };

interface BuilderConfig {
  executableName: string;
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  linux: {
    category: string;
    icon: string;
    syncDesktopName?: boolean;
    desktop: { entry: Record<string, string> };
  };
  deb: { depends: string[]; recommends: string[] };
}
const config = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  desktopName: string;
  main: string;
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** A PNG's width and height from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  expect(b.subarray(12, 16).toString('latin1'), file).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration schema", async () => {
    const { validateConfiguration } = req('app-builder-lib/out/util/config/config') as {
      validateConfiguration: (c: unknown, log: unknown) => Promise<void>;
    };
    await expect(
      validateConfiguration(config, { add: () => undefined, isEnabled: false }),
    ).resolves.toBeUndefined();
    // …and the schema does catch a misspelt fuse, so the pass above means something.
    await expect(
      validateConfiguration(
        { ...config, electronFuses: { ...config.electronFuses, runAsnode: true } },
        { add: () => undefined, isEnabled: false },
      ),
    ).rejects.toThrow(/electronFuses/);
  });

  it('desktop entry: app id, WM class and file name agree; one source for Categories', () => {
    expect(pkg.desktopName).toBe(`${config.executableName}.desktop`);
    expect(config.linux.syncDesktopName).toBe(true);
    const entry = config.linux.desktop.entry;
    expect(entry.StartupWMClass).toBe(WM_CLASS);
    expect(entry.StartupWMClass).toBe(pkg.desktopName.replace(/\.desktop$/, ''));
    expect(entry).toMatchObject({ Name: 'Drivewise', Terminal: 'false' });
    expect(entry.GenericName).toBeTruthy();
    expect(entry.Keywords).toMatch(/^[^;]+(;[^;]+)*;$/);
    // electron-builder overwrites these from linux.category / linux.description / executableName.
    for (const key of ['Categories', 'Comment', 'Exec', 'Icon'])
      expect(Object.keys(entry), key).not.toContain(key);
    expect(config.linux.category).toMatch(/^(System|Utility)(;(System|Utility))*;$/);
  });

  it('icons: the sizes desktops look for, each file really that size', () => {
    const dir = join(REPO, config.linux.icon);
    const files = readdirSync(dir).filter((f) => f.endsWith('.png'));
    const sizes = files.map((f) => {
      const m = /^(\d+)x(\d+)\.png$/.exec(f);
      expect(m, f).not.toBeNull();
      const [w, h] = pngSize(join(dir, f));
      expect([w, h], f).toEqual([Number(m![1]), Number(m![2])]);
      expect(w, f).toBe(h);
      return w;
    });
    for (const s of [16, 24, 32, 48, 64, 128, 256, 512]) expect(sizes).toContain(s);
    // The window icon main.ts passes exists in the packaged files.
    expect(existsSync(join(REPO, 'assets/icons/512x512.png'))).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*', 'assets/**/*']));
  });

  it('asarUnpack: everything started outside the archive is unpacked', () => {
    // pkexec runs the root helper with the binary as plain Node; the addon is dlopen()ed.
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['dist/main/root-helper.js', 'dist/main/*.node']),
    );
    expect(helperScriptPath('/opt/Drivewise/resources/app.asar/dist/main', () => true)).toBe(
      '/opt/Drivewise/resources/app.asar.unpacked/dist/main/root-helper.js',
    );
    // Each pattern selects a file the build makes (when dist/ is built).
    const built = join(REPO, 'dist/main');
    if (existsSync(join(built, 'main.js'))) {
      const names = readdirSync(built);
      expect(names).toContain('root-helper.js');
      if (existsSync(join(REPO, 'build/Release/drivewise_aio.node')))
        expect(names).toContain('drivewise_aio.node');
    }
    expect(pkg.main).toBe('dist/main/main.js');
  });

  it("fuses: RunAsNode stays on for the root helper, the environment and inspector can't inject code", () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
    // The helper really is started with ELECTRON_RUN_AS_NODE (what RunAsNode keeps working).
    const manager = readFileSync(join(REPO, 'src/main/privileged/manager.ts'), 'utf8');
    expect(manager).toMatch(/ELECTRON_RUN_AS_NODE: '1'/);
  });

  it(".deb depends: electron-builder's defaults, then libgbm1 and our tools", () => {
    const FpmTarget = (
      req('app-builder-lib/out/targets/FpmTarget') as {
        default: { prototype: { getDefaultDepends: (t: string) => string[] } };
      }
    ).default;
    const defaults = FpmTarget.prototype.getDefaultDepends.call({}, 'deb');
    expect(defaults.length).toBeGreaterThan(5);
    expect(config.deb.depends.slice(0, defaults.length)).toEqual(defaults);
    expect(config.deb.depends).toEqual(
      expect.arrayContaining(['libgbm1', 'util-linux', 'libasound2t64 | libasound2']),
    );
    expect(new Set(config.deb.depends).size).toBe(config.deb.depends.length);
    expect(config.deb.recommends).toEqual(expect.arrayContaining(['pkexec | policykit-1']));
  });
});

describe('package.json', () => {
  it('every package the built bundles require at run time is a dependency', () => {
    const built = join(REPO, 'dist/main');
    if (!existsSync(join(built, 'main.js'))) return;
    const needed = new Set<string>();
    for (const f of readdirSync(built).filter((n) => n.endsWith('.js'))) {
      const js = readFileSync(join(built, f), 'utf8');
      for (const m of js.matchAll(/(?:require\(|import\()"([^".][^"]*)"\)/g)) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        const name = spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/');
        if (name !== 'electron') needed.add(name);
      }
    }
    expect(needed.size).toBeGreaterThan(3);
    for (const name of needed) expect(Object.keys(pkg.dependencies), name).toContain(name);
    // Electron and the packager are build tools: never shipped inside app.asar.
    expect(Object.keys(pkg.devDependencies)).toEqual(
      expect.arrayContaining(['electron', 'electron-builder']),
    );
    expect(Object.keys(pkg.dependencies)).not.toContain('electron');
  });

  it('engines is the Node range verified here (README says which Node runs npm start)', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain(pkg.engines.node);
  });
});
