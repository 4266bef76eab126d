// What the packaging test's stand-in Electron binary runs (the binary itself is a shell script
// carrying a real fuse wire, written by stand-ins.ts). Electron cannot be downloaded here, so this
// plays its two faces the way the packaged binary has them:
//  - ELECTRON_RUN_AS_NODE=1 with the RunAsNode fuse on: plain Node with process.versions.electron
//    and process.execPath of the binary, running a script that may live inside resources/app.asar
//    (read here from an extracted copy, as Electron's own asar support reads the archive);
//  - otherwise the app: resources/app.asar's main.js with an `electron` module whose windows are
//    pages of a real headless Chromium (playwright-core), so printToPDF makes a real PDF.
// Every GUI call is appended to $DW_STANDIN_LOG (one JSON line each) for the test to read.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const REPO = process.env.DW_STANDIN_REPO;
const fromRepo = createRequire(join(REPO, 'package.json'));
const binary = realpathSync(process.argv[2]);
const args = process.argv.slice(3);
const appDir = dirname(binary);
const log = (entry) => {
  if (process.env.DW_STANDIN_LOG)
    appendFileSync(
      process.env.DW_STANDIN_LOG,
      JSON.stringify({ pid: process.pid, ...entry }) + '\n',
    );
};

/** The fuse wire electron-builder flipped in the binary: index → '0' | '1' | 'r'. */
function fuses() {
  const bin = readFileSync(binary);
  const at = bin.indexOf(SENTINEL) + SENTINEL.length;
  const length = bin[at + 1];
  return bin.subarray(at + 2, at + 2 + length).toString('latin1');
}

/** A path inside resources/app.asar, mapped onto an extracted copy (made once per archive). */
function fromAsar(path) {
  const marker = `${sep}resources${sep}app.asar${sep}`;
  const i = path.indexOf(marker);
  if (i < 0) return path;
  const archive = path.slice(0, i + marker.length - 1);
  const cacheRoot = process.env.DW_STANDIN_CACHE || join(tmpdir(), 'dw-standin-asar');
  const key = archive.replace(/[^A-Za-z0-9]+/g, '_') + '_' + statSync(archive).mtimeMs;
  const out = join(cacheRoot, key);
  if (!existsSync(out)) {
    mkdirSync(cacheRoot, { recursive: true });
    const asar = fromRepo('@electron/asar');
    const tmp = `${out}.${process.pid}`;
    asar.extractAll(archive, tmp);
    renameSync(tmp, out);
  }
  return join(out, path.slice(i + marker.length));
}

function runAsNode() {
  // Extracted first: @electron/asar itself asks for Electron's original-fs when it sees Electron.
  const script = fromAsar(args[0]);
  const electronVersion = readFileSync(join(appDir, 'version'), 'utf8').trim();
  Object.defineProperty(process.versions, 'electron', { value: electronVersion, enumerable: true });
  process.execPath = binary;
  process.argv = [binary, script, ...args.slice(1)];
  Module.runMain();
}

// ---- the app's face: an `electron` module over headless Chromium -------------------------------

const switches = [];
const windows = [];
let browser = null;
async function chromium() {
  if (!browser) {
    const { chromium } = fromRepo('playwright-core');
    browser = await chromium.launch({
      executablePath: process.env.DW_STANDIN_CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless'],
    });
  }
  return browser;
}

class WebContents extends EventEmitter {
  constructor(win) {
    super();
    this.win = win;
    this.page = null;
  }
  setWindowOpenHandler() {}
  setBackgroundThrottling() {}
  isDestroyed() {
    return this.win.destroyed;
  }
  async loadURL(url) {
    log({ call: 'webContents.loadURL', origin: new URL(url).origin });
    const context = await (
      await chromium()
    ).newContext({
      viewport: { width: this.win.options.width ?? 800, height: this.win.options.height ?? 600 },
      colorScheme: 'light',
    });
    this.page = await context.newPage();
    await this.page.goto(url);
  }
  executeJavaScript(code) {
    return this.page.evaluate(code);
  }
  async printToPDF(options) {
    log({ call: 'webContents.printToPDF', options });
    await this.page.emulateMedia({ media: 'print' });
    const inch = (v) => `${v ?? 0.4}in`;
    const m = options.margins ?? {};
    return this.page.pdf({
      printBackground: !!options.printBackground,
      preferCSSPageSize: !!options.preferCSSPageSize,
      format: typeof options.pageSize === 'string' ? options.pageSize : 'A4',
      margin: {
        top: inch(m.top),
        bottom: inch(m.bottom),
        left: inch(m.left),
        right: inch(m.right),
      },
    });
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = options;
    this.destroyed = false;
    this.webContents = new WebContents(this);
    windows.push(this);
    log({ call: 'new BrowserWindow', show: options.show, webPreferences: options.webPreferences });
  }
  loadURL(url) {
    return this.webContents.loadURL(url);
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    void this.webContents.page?.context().close();
  }
}

const app = Object.assign(new EventEmitter(), {
  commandLine: {
    appendSwitch: (name, value) => switches.push(value === undefined ? name : `${name}=${value}`),
  },
  setPath: (name, path) => log({ call: 'app.setPath', name, private: path.startsWith(tmpdir()) }),
  setName: () => undefined,
  whenReady: () => Promise.resolve(),
  exit: (code) => {
    log({ call: 'app.exit', code, switches });
    void (browser ? browser.close() : Promise.resolve()).finally(() => process.exit(code));
  },
  quit: () => app.exit(0),
});

function runApp() {
  log({ call: 'start', argv: args, fuses: fuses() });
  const session = {
    defaultSession: {
      setPermissionRequestHandler: () => log({ call: 'session.setPermissionRequestHandler' }),
      setPermissionCheckHandler: () => log({ call: 'session.setPermissionCheckHandler' }),
    },
  };
  const electron = { app, BrowserWindow, session };
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'electron' ? electron : load.call(this, request, ...rest);
  };
  const pkg = JSON.parse(
    readFileSync(fromAsar(join(appDir, 'resources/app.asar/package.json')), 'utf8'),
  );
  const main = fromAsar(join(appDir, 'resources/app.asar', pkg.main));
  process.execPath = binary;
  process.argv = [binary, ...args];
  Module.runMain(main);
}

if (process.env.ELECTRON_RUN_AS_NODE === '1' && fuses()[0] === '1') runAsNode();
else runApp();
