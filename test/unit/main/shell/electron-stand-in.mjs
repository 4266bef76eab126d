// A recording stand-in for the `electron` module, preloaded with `node --import` in front of the BUILT
// dist/main/main.js: every call main makes is recorded, and once the window has loaded its page the
// stand-in plays the renderer (calls IPC handlers with the sender URLs Electron would give) and a
// menu click, then writes the record to $DW_STANDIN_LOG as JSON and exits.
import Module, { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { runScenario } from './stand-in-run.mjs';

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
  powerSave: [],
  messageBoxes: [],
  reloads: 0,
  quit: [],
};
// The answers the stand-in person gives to question boxes, in order (button indexes).
const answers = (process.env.DW_STANDIN_ANSWERS ?? '').split(',').filter(Boolean).map(Number);
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
  // As Electron: before-quit, then each window's close, either of which may be prevented.
  quit: () => {
    call('app.quit');
    const e = preventable();
    app.emit('before-quit', e);
    if (e.defaultPrevented) return log.quit.push('prevented by before-quit');
    for (const w of BrowserWindow.all) {
      const c = preventable();
      w.emit('close', c);
      if (c.defaultPrevented) return log.quit.push('prevented by close');
    }
    log.quit.push('quit');
    app.emit('will-quit', preventable());
  },
  exit: (code) => {
    call('app.exit', [code]);
    log.exitCode = code;
    flush();
    process.exit(code);
  },
});

function preventable() {
  const e = { defaultPrevented: false };
  e.preventDefault = () => (e.defaultPrevented = true);
  return e;
}

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
  reload() {
    log.reloads++;
  }
}

class BrowserWindow extends EventEmitter {
  static all = [];
  constructor(opts) {
    super();
    log.windows.push(safe(opts));
    this.opts = opts;
    this.webContents = new WebContents();
    BrowserWindow.last = this;
    BrowserWindow.all.push(this);
  }
  getNormalBounds() {
    const { x, y, width, height } = this.opts;
    return { x, y, width, height };
  }
  isMaximized() {
    return false;
  }
  maximize() {
    call('win.maximize');
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
    const play = process.env.DW_STANDIN_SCENARIO === 'run' ? playRun : playRenderer;
    setImmediate(() => void play(this).catch(fail));
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
    if (process.env.DW_STANDIN_SCENARIO === 'run') return realFork(path, args, opts);
    const child = new EventEmitter();
    child.pid = undefined;
    child.postMessage = () => undefined;
    child.kill = () => setImmediate(() => child.emit('exit', 0));
    forkResolve(path);
    return child;
  },
};

/** A utilityProcess-shaped child made with child_process.fork: the real engine runs. */
function realFork(path, args, opts) {
  const child = childProcess.fork(path, args, { env: opts.env, serialization: 'json' });
  const wrapped = new EventEmitter();
  wrapped.pid = child.pid;
  wrapped.postMessage = (m) => child.connected && child.send(m);
  wrapped.kill = () => child.kill();
  child.on('spawn', () => wrapped.emit('spawn'));
  child.on('message', (m) => wrapped.emit('message', m));
  child.on('exit', (code) => wrapped.emit('exit', code ?? 1));
  forkResolve(path);
  return wrapped;
}

const dialog = {
  showOpenDialog: async (_win, opts) => {
    log.openDialog = safe(opts);
    return { canceled: false, filePaths: [process.env.DW_STANDIN_IMPORT] };
  },
  showSaveDialog: async () => ({ canceled: true }),
  showMessageBox: async (...a) => {
    const opts = a.length > 1 ? a[1] : a[0];
    log.messageBoxes.push({ parented: a.length > 1, ...safe(opts) });
    const question = (opts.buttons ?? []).length > 1;
    return { response: question ? (answers.shift() ?? opts.cancelId ?? 0) : 0 };
  },
};

let powerId = 0;
const powerSaveBlocker = {
  start: (type) => (log.powerSave.push({ start: type, id: ++powerId }), powerId),
  stop: (id) => log.powerSave.push({ stop: id }),
};

// DW_STANDIN_WORK_AREAS: JSON list of work areas, the first the primary (default: one 1920×1080).
const areas = JSON.parse(
  process.env.DW_STANDIN_WORK_AREAS ?? '[{"x":0,"y":0,"width":1920,"height":1053}]',
);
const screen = {
  getAllDisplays: () => areas.map((workArea) => ({ workArea, bounds: workArea })),
  getPrimaryDisplay: () => ({ workArea: areas[0], bounds: areas[0] }),
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
  powerSaveBlocker,
  screen,
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
  log.probes.runsList = await invoke('runs.list', `${page}#/history`);
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
  // The page crashes once: main reloads it and says so; closing with nothing running just closes.
  await within(
    (async () => {
      while (!win.webContents.sent.some((m) => m.msg.event === 'job.finished'))
        await new Promise((r) => setTimeout(r, 20));
    })(),
    30_000,
    'job.finished after cancel',
  ).catch((e) => (log.probes.finishError = String(e)));
  win.webContents.emit('render-process-gone', {}, { reason: 'oom' });
  const close = preventable();
  win.emit('close', close);
  log.probes.idleClosePrevented = close.defaultPrevented;
  await new Promise((r) => setTimeout(r, 200));
  flush();
  setTimeout(() => process.exit(0), 300);
}

/** A run in progress: a crash of the page, then two closes (keep measuring, then cancel). */
async function playRun(win) {
  const page = process.env.DW_STANDIN_PAGE_URL;
  const invoke = (ch, payload = {}) =>
    handlers.get(`drivewise:${ch}`)(
      { senderFrame: { url: `${page}#/`, parent: null }, sender: win.webContents },
      payload,
    );
  const ready = () => handlers.get('on:drivewise:ready')({ sender: win.webContents });
  await runScenario({ win, invoke, ready, log, within, preventable });
  flush();
  setTimeout(() => process.exit(0), 300);
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
