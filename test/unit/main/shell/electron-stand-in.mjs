// A recording stand-in for the `electron` module, preloaded with `node --import` in front of the BUILT
// dist/main/main.js: every call main makes is recorded, and once the window has loaded its page the
// stand-in plays the renderer (calls IPC handlers with the sender URLs Electron would give) and a
// menu click, then writes the record to $DW_STANDIN_LOG as JSON and exits.
import Module, { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';

// The CommonJS module object main.js gets from require('node:child_process').
const childProcess = createRequire(import.meta.url)('node:child_process');

const log = {
  calls: [],
  windows: [],
  loadFile: [],
  handles: [],
  ipcOn: [],
  webContentsEvents: [],
  session: [],
  utilityForks: [],
  spawns: [],
  menu: null,
  probes: {},
  exitCode: null,
};
const handlers = new Map();
const call = (name, args = []) => log.calls.push({ name, args: args.map(safe) });
function safe(v) {
  if (typeof v === 'function') return '[function]';
  try {
    return JSON.parse(JSON.stringify(v));
  } catch {
    return String(v);
  }
}
const flush = () => writeFileSync(process.env.DW_STANDIN_LOG, JSON.stringify(log, null, 2));

// Every process main starts is recorded (the root helper is started with spawn when root).
const realSpawn = childProcess.spawn;
childProcess.spawn = function (cmd, args, opts) {
  log.spawns.push({ cmd, args });
  return realSpawn.call(this, cmd, args, opts);
};

const app = new EventEmitter();
Object.assign(app, {
  setName: (n) => call('app.setName', [n]),
  commandLine: { appendSwitch: (...a) => call('app.commandLine.appendSwitch', a) },
  requestSingleInstanceLock: () => (call('app.requestSingleInstanceLock'), true),
  whenReady: () => (call('app.whenReady'), Promise.resolve()),
  getPath: (n) => (call('app.getPath', [n]), process.env.DW_STANDIN_USERDATA),
  quit: () => call('app.quit'),
  exit: (code) => {
    call('app.exit', [code]);
    log.exitCode = code;
    flush();
    process.exit(code);
  },
});

let contentsId = 1;
class WebContents extends EventEmitter {
  constructor() {
    super();
    this.id = contentsId++;
    this.sent = [];
  }
  on(ev, fn) {
    log.webContentsEvents.push(ev);
    return super.on(ev, fn);
  }
  setWindowOpenHandler(fn) {
    log.windowOpen = fn({ url: 'https://example.com' });
  }
  send(ch, msg) {
    this.sent.push({ ch, msg });
  }
  isDestroyed() {
    return false;
  }
  setBackgroundThrottling() {}
}

class BrowserWindow extends EventEmitter {
  constructor(opts) {
    super();
    log.windows.push(safe(opts));
    this.webContents = new WebContents();
    BrowserWindow.last = this;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  show() {}
  destroy() {}
  async loadFile(file, opts) {
    log.loadFile.push({ file, opts: safe(opts) });
    setImmediate(() => void playRenderer(this).catch(fail));
  }
}

const ipcMain = {
  handle: (ch, fn) => {
    log.handles.push(ch);
    handlers.set(ch, fn);
  },
  on: (ch, fn) => {
    log.ipcOn.push(ch);
    handlers.set(`on:${ch}`, fn);
  },
};

const session = {
  defaultSession: {
    webRequest: { onHeadersReceived: () => log.session.push('onHeadersReceived') },
    setPermissionRequestHandler: (fn) => {
      let answer;
      fn({}, 'media', (ok) => (answer = ok));
      log.session.push(`request:${answer}`);
    },
    setPermissionCheckHandler: (fn) => log.session.push(`check:${fn({}, 'clipboard-read')}`),
    setDevicePermissionHandler: (fn) => log.session.push(`device:${fn({})}`),
  },
};

let forkResolve;
const forked = new Promise((r) => (forkResolve = r));
const utilityProcess = {
  fork: (path, args, opts) => {
    log.utilityForks.push({ path, serviceName: opts && opts.serviceName });
    const child = new EventEmitter();
    child.pid = undefined;
    child.postMessage = () => undefined;
    child.kill = () => setImmediate(() => child.emit('exit', 0));
    forkResolve(path);
    return child;
  },
};

const dialog = {
  showOpenDialog: async (_win, opts) => {
    log.openDialog = safe(opts);
    return { canceled: false, filePaths: [process.env.DW_STANDIN_IMPORT] };
  },
  showSaveDialog: async () => ({ canceled: true }),
};

const Menu = {
  buildFromTemplate: (t) => t,
  setApplicationMenu: (t) => {
    log.menu = t;
  },
};

const electron = {
  app,
  BrowserWindow,
  ipcMain,
  session,
  utilityProcess,
  dialog,
  Menu,
  contextBridge: {},
  ipcRenderer: {},
};

const realLoad = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'electron') return electron;
  return realLoad.call(this, request, ...rest);
};

function fail(err) {
  log.error = String((err && err.stack) || err);
  flush();
  process.exit(3);
}

const within = (p, ms, what) =>
  Promise.race([
    p,
    new Promise((_r, rej) =>
      setTimeout(() => rej(new Error(`${what}: no answer in ${ms} ms`)), ms),
    ),
  ]);

/** What the real page would do, with the URLs Electron builds for our frames. */
async function playRenderer(win) {
  const page = process.env.DW_STANDIN_PAGE_URL;
  const invoke = (ch, url, payload = {}, parent = null) =>
    handlers.get(`drivewise:${ch}`)(
      { senderFrame: { url, parent }, sender: win.webContents },
      payload,
    );
  log.probes.appInfoFromApp = await invoke('app.info', `${page}#/welcome`);
  log.probes.appInfoFromSibling = await invoke('app.info', process.env.DW_STANDIN_SIBLING_URL);
  log.probes.appInfoFromSubframe = await invoke('app.info', `${page}#/x`, {}, {});
  const nav = (ev, url) => {
    let prevented = false;
    win.webContents.emit(ev, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  log.probes.navigation = {
    siblingBlocked: nav('will-navigate', process.env.DW_STANDIN_SIBLING_URL),
    redirectOutBlocked: nav('will-redirect', 'https://example.com/'),
    ownPageAllowed: !nav('will-navigate', `${page}#/verdict`),
    webviewBlocked: nav('will-attach-webview', `${page}`),
  };
  // The page subscribes (ready), then File → Import results… is clicked.
  handlers.get('on:drivewise:ready')({ sender: win.webContents });
  const file = log.menu[0].submenu.find((i) => i.label === 'Import results…');
  file.click();
  await within(
    (async () => {
      while (!win.webContents.sent.some((m) => m.msg.event === 'import.fileChosen'))
        await new Promise((r) => setTimeout(r, 20));
    })(),
    10_000,
    'import.fileChosen',
  );
  log.probes.sentEvents = win.webContents.sent.map((m) => m.msg);
  // The engine: a run starts the worker as a utility process.
  const start = await invoke('bench.start', `${page}#/`, {
    targetDir: process.env.DW_STANDIN_TARGET,
    tests: ['dd-write'],
  });
  log.probes.benchStart = start;
  if (start.ok) {
    await within(forked, 30_000, 'utilityProcess.fork').catch(
      (e) => (log.probes.forkError = String(e)),
    );
    log.probes.cancel = await invoke('job.cancel', `${page}#/`, { jobId: start.value.jobId });
  }
  // Admin rights: as root the helper is started directly from where the packaged app has it.
  log.probes.privileged = await within(
    invoke('privileged.request', `${page}#/`, {}),
    30_000,
    'privileged.request',
  ).catch((e) => ({ ok: false, error: String(e) }));
  log.probes.release = await invoke('privileged.release', `${page}#/`, {}).catch((e) => String(e));
  flush();
  setTimeout(() => process.exit(0), 300);
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
