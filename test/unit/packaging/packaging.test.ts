// electron-builder.yml and package.json checked against what a Linux desktop and electron-builder
// itself expect: the config passes electron-builder's own schema, the desktop entry matches the
// window's app id, the icons are what their names say, every file run outside app.asar is
// unpacked, and the .deb keeps electron-builder's default dependencies.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  AppImageOptions,
  Configuration,
  DebOptions,
  LinuxConfiguration,
} from 'electron-builder';
import {
  ADMIN_ADVICE,
  APPIMAGE_REFUSAL,
  helperScriptPath,
  rootRunRefusal,
} from '../../../src/main/privileged/elevate';
import { WM_CLASS } from '../../../src/main/shell/window';

const REPO = process.cwd();
const req = createRequire(__filename);
const { load } = req('js-yaml') as { load: (text: string) => unknown };

type RpmOptions = NonNullable<Configuration['rpm']>;
type ToolsetConfig = NonNullable<Configuration['toolsets']>;

/** electron-builder's own configuration types, with the parts this file reads made required. */
type BuilderConfig = Configuration & {
  executableName: string;
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  toolsets: ToolsetConfig;
  linux: LinuxConfiguration & {
    target: string[];
    category: string;
    icon: string;
    desktop: { entry: Record<string, string> };
  };
  deb: DebOptions & { depends: string[]; recommends: string[]; fpm: string[] };
  rpm: RpmOptions & { depends: string[]; fpm: string[] };
  appImage: AppImageOptions;
};
const config = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  productName: string;
  desktopName: string;
  description: string;
  main: string;
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const { validateConfiguration } = req('app-builder-lib/out/util/config/config') as {
  validateConfiguration: (c: unknown, log: unknown) => Promise<void>;
};
const validate = (c: unknown) =>
  validateConfiguration(c, { add: () => undefined, isEnabled: false });

/** A PNG's width and height from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  expect(b.subarray(12, 16).toString('latin1'), file).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('electron-builder.yml', () => {
  it("deb, rpm and AppImage pass electron-builder's own configuration schema", async () => {
    expect(config.linux.target).toEqual(['deb', 'rpm', 'AppImage']);
    await expect(validate(config)).resolves.toBeUndefined();
    // …and the schema does check each of those sections, so the pass above means something.
    const broken: [string, unknown][] = [
      ['electronFuses', { ...config, electronFuses: { ...config.electronFuses, runAsnode: true } }],
      ['toolsets', { ...config, toolsets: { appimage: '2.0.0' } }],
      ['rpm', { ...config, rpm: { ...config.rpm, recommends: ['polkit'] } }],
      ['deb', { ...config, deb: { ...config.deb, depend: [] } }],
      ['appImage', { ...config, appImage: { ...config.appImage, artifactname: 'x' } }],
    ];
    for (const [key, c] of broken) await expect(validate(c), key).rejects.toThrow();
  });

  it('the AppImage uses the static runtime, which needs no libfuse2', () => {
    // The type is electron-builder's own: a version it does not know would not compile.
    const runtime: NonNullable<ToolsetConfig['appimage']> = config.toolsets.appimage!;
    const { appimageChecksums } = req('app-builder-lib/out/toolsets/linux') as {
      appimageChecksums: Record<string, Record<string, string>>;
    };
    // '0.0.0' (the default) is appimage-12.0.1, the libfuse2 runtime; the newer bundles carry the
    // static type-2 runtime (appimage-tools-runtime-YYYYMMDD), which AppImageTarget builds with
    // buildStaticRuntimeAppImage instead of buildLegacyFuse2AppImage.
    expect(Object.keys(appimageChecksums['0.0.0']!)).toEqual(['appimage-12.0.1.7z']);
    expect(runtime).not.toBe('0.0.0');
    expect(Object.keys(appimageChecksums[runtime]!)).toEqual([
      expect.stringMatching(/^appimage-tools-runtime-\d{8}\.tar\.gz$/),
    ]);
    const target = readFileSync(
      req.resolve('app-builder-lib/out/targets/appimage/AppImageTarget.js'),
      'utf8',
    );
    expect(target).toMatch(
      /appimageTool == null \|\| appimageTool === "0\.0\.0"\)\s*\{\s*updateInfo = await \(0, appImageUtil_1\.buildLegacyFuse2AppImage\)/,
    );
    // Its AppRun still adds --no-sandbox where user namespaces are off (Ubuntu 24.04's AppArmor).
    const { generateAppRunScript } = req('app-builder-lib/out/targets/appimage/appImageUtil') as {
      generateAppRunScript: (c: Record<string, unknown>) => string;
    };
    const appRun = generateAppRunScript({
      ProductName: 'Drivewise',
      ExecutableName: config.executableName,
      DesktopFileName: 'drivewise-app.desktop',
      ResourceName: 'drivewise-app',
    });
    expect(appRun).toContain('unshare -Ur true');
    expect(appRun).toContain('NO_SANDBOX=(--no-sandbox)');
  });

  it('desktop entry (as electron-builder writes it): GUI binary, WM class, file name, one category', () => {
    expect(pkg.desktopName).toBe(`${config.executableName}.desktop`);
    expect(config.linux.syncDesktopName).toBe(true);
    // electron-builder writes these from linux.category / description / executableName.
    for (const key of ['Categories', 'Comment', 'Exec', 'Icon'])
      expect(Object.keys(config.linux.desktop.entry), key).not.toContain(key);
    const { LinuxTargetHelper } = req('app-builder-lib/out/targets/LinuxTargetHelper') as {
      LinuxTargetHelper: new (p: unknown) => {
        computeDesktopEntry: (o: unknown) => Promise<string>;
        getDesktopFileName: () => string;
      };
    };
    const helper = new LinuxTargetHelper({
      appInfo: { productName: pkg.productName, sanitizedProductName: pkg.productName },
      executableName: config.executableName,
      info: { metadata: { desktopName: pkg.desktopName } },
      platformSpecificBuildOptions: config.linux,
      fileAssociations: [],
      config,
    });
    return helper.computeDesktopEntry(config.linux).then((text) => {
      const entry = Object.fromEntries(
        text
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      expect(helper.getDesktopFileName()).toBe('drivewise-app');
      expect(entry).toMatchObject({
        Name: 'Drivewise',
        Exec: '/opt/Drivewise/drivewise-app %U',
        Icon: 'drivewise-app',
        StartupWMClass: WM_CLASS,
        Terminal: 'false',
        Type: 'Application',
      });
      expect(WM_CLASS).toBe(pkg.desktopName.replace(/\.desktop$/, ''));
      // Exactly one main category (freedesktop menu spec), no more.
      const MAIN = ['AudioVideo', 'Audio', 'Video', 'Development', 'Education', 'Game'];
      MAIN.push('Graphics', 'Network', 'Office', 'Science', 'Settings', 'System', 'Utility');
      const cats = String(entry.Categories).split(';').filter(Boolean);
      expect(cats.filter((c) => MAIN.includes(c))).toHaveLength(1);
      expect(entry.Keywords).toMatch(/^[^;]+(;[^;]+)*;$/);
      expect(entry.GenericName).toBeTruthy();
    });
  });

  it('.deb and .rpm install the `drivewise` command: the app binary run as Node', () => {
    const launcher = 'assets/linux/drivewise';
    // Options first, then the mappings (electron-builder appends its own mappings after them).
    for (const t of [config.deb, config.rpm]) {
      expect(t.fpm).toContain(`${launcher}=/usr/bin/drivewise`);
      const firstMapping = t.fpm.findIndex((a) => /^[^-].*=\//.test(a));
      expect(t.fpm.slice(firstMapping).every((a) => /^[^-].*=\//.test(a))).toBe(true);
    }
    expect(statSync(join(REPO, launcher)).mode & 0o755).toBe(0o755);
    const text = readFileSync(join(REPO, launcher), 'utf8');
    expect(text).toMatch(/^#!\/bin\/sh\n/);
    expect(text).toContain('export ELECTRON_RUN_AS_NODE=1\n');
    expect(text).toContain(
      `exec /opt/${pkg.productName}/${config.executableName} /opt/${pkg.productName}/resources/app.asar/${pkg.main.replace('main.js', 'cli.js')} "$@"`,
    );
    // The packages' after-install script links /usr/bin/<executableName>: not our command's name.
    expect(config.executableName).not.toBe('drivewise');
    expect(config.electronFuses.runAsNode).toBe(true);
  });

  it("the helper's root-run check accepts the .rpm's /opt/Drivewise layout, not the AppImage's", () => {
    type St = { uid: number; gid: number; mode: number };
    const rootDir = { uid: 0, gid: 0, mode: 0o40755 };
    const rootFile = { uid: 0, gid: 0, mode: 0o100755 };
    const rpm: Record<string, St> = {
      '/': rootDir,
      '/opt': rootDir,
      '/opt/Drivewise': rootDir,
      [`/opt/Drivewise/${config.executableName}`]: rootFile,
      '/opt/Drivewise/resources': rootDir,
      '/opt/Drivewise/resources/app.asar.unpacked': rootDir,
      '/opt/Drivewise/resources/app.asar.unpacked/dist': rootDir,
      '/opt/Drivewise/resources/app.asar.unpacked/dist/main': rootDir,
      '/opt/Drivewise/resources/app.asar.unpacked/dist/main/root-helper.js': rootFile,
    };
    const fsOf = (t: Record<string, St>) => ({
      realpath: (p: string) => {
        if (!t[p]) throw new Error('ENOENT');
        return p;
      },
      lstat: (p: string) => ({ ...t[p]!, isSymbolicLink: () => false }),
    });
    const helper = helperScriptPath('/opt/Drivewise/resources/app.asar/dist/main', () => true);
    expect(rootRunRefusal(`/opt/Drivewise/${config.executableName}`, fsOf(rpm))).toBeNull();
    expect(rootRunRefusal(helper, fsOf(rpm))).toBeNull();
    // An AppImage's mount lives in /tmp under the person's uid: refused, with what to do instead.
    const appImage: Record<string, St> = {
      '/': rootDir,
      '/tmp': { uid: 0, gid: 0, mode: 0o41777 },
      '/tmp/.mount_Drivew': { uid: 1000, gid: 1000, mode: 0o40700 },
      '/tmp/.mount_Drivew/drivewise-app': { uid: 1000, gid: 1000, mode: 0o100755 },
    };
    const why = rootRunRefusal('/tmp/.mount_Drivew/drivewise-app', fsOf(appImage));
    expect(why).toContain(ADMIN_ADVICE);
    for (const line of [why!, APPIMAGE_REFUSAL]) {
      expect(line).toMatch(/\.deb or \.rpm/);
      expect(line).not.toMatch(/as root/);
    }
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

  it(".deb and .rpm depends: electron-builder's defaults, then libgbm, ALSA and our tools", () => {
    const FpmTarget = (
      req('app-builder-lib/out/targets/FpmTarget') as {
        default: { prototype: { getDefaultDepends: (t: string) => string[] } };
      }
    ).default;
    const extra = {
      deb: ['libgbm1', 'libasound2t64 | libasound2', 'util-linux'],
      rpm: ['(mesa-libgbm or libgbm1)', '(alsa-lib or libasound2)', 'util-linux'],
    };
    for (const t of ['deb', 'rpm'] as const) {
      const defaults = FpmTarget.prototype.getDefaultDepends.call({}, t);
      expect(defaults.length, t).toBeGreaterThan(5);
      expect(config[t].depends.slice(0, defaults.length), t).toEqual(defaults);
      expect(config[t].depends.slice(defaults.length), t).toEqual(extra[t]);
    }
    expect(config.deb.recommends).toEqual(expect.arrayContaining(['pkexec | policykit-1']));
    expect(config.rpm.fpm).toEqual(expect.arrayContaining(['--rpm-tag', 'Recommends: polkit']));
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
    // Vite bundled the renderer's libraries into dist/renderer: the package does not carry them.
    for (const name of ['react', 'react-dom', 'chart.js', 'zustand'])
      expect(Object.keys(pkg.dependencies), name).not.toContain(name);
    // The CLI's `report --pdf` loads playwright-core at run time.
    expect(Object.keys(pkg.dependencies)).toContain('playwright-core');
    // Electron and the packager are build tools: never shipped inside app.asar.
    expect(Object.keys(pkg.devDependencies)).toEqual(
      expect.arrayContaining(['electron', 'electron-builder']),
    );
    expect(Object.keys(pkg.dependencies)).not.toContain('electron');
  });

  it('README: the packages, the drivewise command, Ubuntu 24.04; no "start it as root" advice', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    for (const t of ['.deb', '.rpm', 'AppImage', '`drivewise --help`', 'chrome-sandbox', 'userns'])
      expect(readme, t).toContain(t);
    expect(readme).not.toMatch(/(start|run|launch)\w* (it|Drivewise|the AppImage) as root/i);
  });

  it('engines is the Node range verified here (README says which Node runs npm start)', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain(pkg.engines.node);
  });
});
