// `npm run test:electron`: the desktop app for real, on a machine that has the Electron binary.
// Under Xvfb (or the desktop's own display) it launches `electron .` through Playwright, waits for
// the Welcome screen, calls app.info through the real preload, checks the window fits the
// screen's work area, prints one page with printToPDF, saves a before/after report through the
// save dialog to a PDF file (report-window.ts: the dialog, the hidden report window, the file)
// and quits. Where something is missing it prints one line naming it and exits 0.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const root = process.cwd();
const d = (p) => existsSync(p);
const onPath = (bin) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, bin))
    .find(d);

/** The binary `npm install` downloads. Never require('electron'): it would try to download. */
function electronBinary() {
  const pkg = join(root, 'node_modules/electron');
  const pathTxt = join(pkg, 'path.txt');
  const rel = d(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : 'electron';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const bin = join(dist, rel);
  return d(bin) ? bin : null;
}

const missing = [];
const electron = electronBinary();
if (!electron)
  missing.push(
    'no Electron binary (node_modules/electron/dist/electron: reinstall electron with network access)',
  );
const haveDisplay = !!(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const xvfb = haveDisplay ? null : onPath('Xvfb');
if (!haveDisplay && !xvfb) missing.push('no display and no Xvfb (apt install xvfb)');
if (!d(join(root, 'dist/main/main.js')) || !d(join(root, 'dist/renderer/index.html')))
  missing.push('no build (npm run build)');
if (missing.length) {
  console.log(`test:electron skipped: ${missing.join('; ')}`);
  process.exit(0);
}

let xvfbProc = null;
const env = { ...process.env };
if (!haveDisplay) {
  const display = `:${90 + Math.floor(Math.random() * 900)}`;
  xvfbProc = spawn(xvfb, [display, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  env.DISPLAY = display;
  await new Promise((r) => setTimeout(r, 1000));
}

const tmp = mkdtempSync(join(tmpdir(), 'dw-electron-smoke-'));
const step = (what) => console.log(`test:electron: ${what}`);
const pageCount = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** The main window lies inside the primary display's work area (window-state.ts). */
async function windowFits(electronApp) {
  const { b, wa } = await electronApp.evaluate(({ BrowserWindow, screen }) => ({
    b: BrowserWindow.getAllWindows()[0].getBounds(),
    wa: screen.getPrimaryDisplay().workArea,
  }));
  const inside =
    b.x >= wa.x &&
    b.y >= wa.y &&
    b.x + b.width <= wa.x + wa.width &&
    b.y + b.height <= wa.y + wa.height;
  if (!inside) throw new Error(`window ${JSON.stringify(b)} is not inside ${JSON.stringify(wa)}`);
  step(`window ${b.width}×${b.height} inside the ${wa.width}×${wa.height} work area`);
}

/**
 * File → Save report… as the page calls it (report.savePdf without a path): main asks with the
 * save dialog, renders the report route in its hidden window and writes the chosen file. The
 * native dialog cannot be clicked from here, so main's dialog.showSaveDialog is answered with
 * `file` (recording that it was asked), as Electron test helpers stub it.
 */
async function saveThroughDialog(electronApp, page, file) {
  const fixture = (n) => readFileSync(join(root, 'test/fixtures/tool-output', n), 'utf8');
  const imported = [];
  for (const [n, name] of [
    ['seed001-hdparm-4200rpm.txt', 'smoke before'],
    ['seed001-hdparm-ssd.txt', 'smoke after'],
  ])
    imported.push(
      await page.evaluate((req) => globalThis.drivewise.runsImportText(req), {
        text: fixture(n),
        name,
      }),
    );
  await electronApp.evaluate(({ dialog }, chosen) => {
    globalThis.dwSaveDialogTitles = [];
    dialog.showSaveDialog = async (...a) => {
      globalThis.dwSaveDialogTitles.push((a.length > 1 ? a[1] : a[0]).title);
      return { canceled: false, filePath: chosen };
    };
  }, file);
  const saved = await page.evaluate((req) => globalThis.drivewise.reportSavePdf(req), {
    beforeId: imported[0].run.id,
    afterId: imported[1].run.id,
  });
  const titles = await electronApp.evaluate(() => globalThis.dwSaveDialogTitles);
  if (titles.length !== 1) throw new Error(`the save dialog was shown ${titles.length} times`);
  if (saved?.path !== file || !d(file))
    throw new Error(`report.savePdf answered ${JSON.stringify(saved)}; ${file} not written`);
  const pdf = readFileSync(file);
  if (pdf.subarray(0, 4).toString() !== '%PDF' || pageCount(pdf) < 1 || saved.pages < 1)
    throw new Error(`the saved report is not a PDF with pages (${pdf.length} bytes)`);
  step(`save dialog ("${titles[0]}") → ${saved.pages}-page report, ${pdf.length} bytes on disk`);
}
let app;
let failed = false;
try {
  const { _electron } = await import('playwright-core');
  // Chromium refuses to run as root without --no-sandbox (CI containers).
  const args = [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '.'];
  app = await _electron.launch({
    executablePath: electron,
    args,
    cwd: root,
    env: { ...env, XDG_CONFIG_HOME: join(tmp, 'config'), HOME: tmp },
    timeout: 60_000,
  });
  const page = await app.firstWindow();
  await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor({ timeout: 30_000 });
  step('Welcome screen shown');
  // Runs in the page: the preload-exposed API, not a Node call.
  const info = await page.evaluate(() => globalThis.drivewise.appInfo({}));
  if (info?.host !== 'electron' || info?.name !== 'Drivewise')
    throw new Error(`app.info through the preload answered ${JSON.stringify(info)}`);
  step(`app.info through the preload: ${info.name} ${info.version}, Electron host`);
  const pdf = Buffer.from(
    await app.evaluate(async ({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0];
      const bytes = await win.webContents.printToPDF({ pageRanges: '1', printBackground: true });
      return [...bytes];
    }),
  );
  const pages = pageCount(pdf);
  writeFileSync(join(tmp, 'page.pdf'), pdf);
  if (pdf.subarray(0, 4).toString() !== '%PDF' || pages !== 1)
    throw new Error(`printToPDF gave ${pdf.length} bytes, ${pages} page(s)`);
  step(`printToPDF: one page, ${pdf.length} bytes`);
  await windowFits(app);
  await saveThroughDialog(app, page, join(tmp, 'report.pdf'));
  await app.close();
  app = null;
  step('quit cleanly');
} catch (err) {
  failed = true;
  console.error(`test:electron FAILED: ${(err?.message ?? String(err)).split('\n')[0]}`);
} finally {
  await app?.close().catch(() => undefined);
  if (xvfbProc) xvfbProc.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
