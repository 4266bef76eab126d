// `npm run test:electron`: the desktop app for real, on a machine that has the Electron binary.
// Under Xvfb (or the desktop's own display) it launches `electron .` through Playwright, waits for
// the Welcome screen, calls app.info through the real preload, prints one report page with
// printToPDF and quits. Where something is missing it prints one line naming it and exits 0.
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
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  writeFileSync(join(tmp, 'page.pdf'), pdf);
  if (pdf.subarray(0, 4).toString() !== '%PDF' || pages !== 1)
    throw new Error(`printToPDF gave ${pdf.length} bytes, ${pages} page(s)`);
  step(`printToPDF: one page, ${pdf.length} bytes`);
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
