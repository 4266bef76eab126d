// The desktop printer without the Electron binary: a fake BrowserWindow and dialog stand in, and
// the real save path (router → saveReport → file) runs around them.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const state = {
    windows: [] as FakeWindow[],
    reportState: 'ready' as string,
    dialogResult: { canceled: false, filePath: '' } as { canceled: boolean; filePath?: string },
    printed: [] as unknown[],
  };
  class FakeWindow {
    destroyed = false;
    loaded: { file: string; opts: unknown } | null = null;
    constructor(readonly opts: unknown) {
      state.windows.push(this);
    }
    webContents = {
      on: () => undefined,
      setWindowOpenHandler: () => undefined,
      setBackgroundThrottling: () => undefined,
      isDestroyed: () => this.destroyed,
      executeJavaScript: async (code: string) => {
        if (code.includes('reportState')) return state.reportState;
        if (code.includes('reportError')) return 'no run with id x';
        if (code.includes('snapshotHtml')) return '<!doctype html><html></html>';
        throw new Error(`unexpected script ${code}`);
      },
      printToPDF: async (o: unknown) => {
        state.printed.push(o);
        return Buffer.from(
          '%PDF-1.4\n<< /Type /Pages >>\n<< /Type /Page >>\n<< /Type /Page >>\n%%EOF',
        );
      },
    };
    loadFile = async (file: string, opts: unknown) => {
      this.loaded = { file, opts };
    };
    isDestroyed = () => this.destroyed;
    destroy = () => {
      this.destroyed = true;
    };
  }
  return { state, FakeWindow };
});

vi.mock('electron', () => ({
  BrowserWindow: fake.FakeWindow,
  dialog: { showSaveDialog: async () => fake.state.dialogResult },
}));

import { createServices } from '../../../../src/main/create-services';
import { setReportPrinter } from '../../../../src/main/report/printer';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { installReportPrinter, PDF_MARGINS } from '../../../../src/main/shell/report-window';
import { seedPair } from '../../renderer/report/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'dw-report-window-'));
const services = createServices({ host: 'electron', configDir: join(dir, 'config') });
const dispatch = createDispatch(createHandlers(services));
const { before, after } = seedPair();

beforeEach(async () => {
  await services.runs.save(before);
  await services.runs.save(after);
  fake.state.windows.length = 0;
  fake.state.printed.length = 0;
  fake.state.reportState = 'ready';
  installReportPrinter({
    parent: () => null,
    rendererIndex: '/app/dist/renderer/index.html',
    preloadPath: '/app/dist/main/preload.js',
    appUrlPrefix: 'file:///app/dist/renderer',
  });
});
afterAll(() => {
  setReportPrinter({});
  rmSync(dir, { recursive: true, force: true });
});

describe('File → Save report… (Electron printer)', () => {
  it('asks where to save, prints the report route in a hidden window, writes the PDF', async () => {
    const out = join(dir, 'chosen.pdf');
    fake.state.dialogResult = { canceled: false, filePath: out };
    const res = await dispatch('report.savePdf', {
      beforeId: before.id,
      afterId: after.id,
      paper: 'letter',
    });
    expect(res).toEqual({ ok: true, value: { path: out, pages: 2 } });
    expect(readFileSync(out, 'latin1')).toMatch(/^%PDF-1\.4/);
    const [win] = fake.state.windows;
    expect(win!.opts).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true },
    });
    expect(win!.loaded).toEqual({
      file: '/app/dist/renderer/index.html',
      opts: { hash: `/report?before=${before.id}&after=${after.id}&paper=letter` },
    });
    expect(fake.state.printed).toEqual([
      { printBackground: true, preferCSSPageSize: true, pageSize: 'Letter', margins: PDF_MARGINS },
    ]);
    expect(PDF_MARGINS.top).toBeCloseTo(0.551, 3); // 14 mm in inches, not in microns or points
    expect(win!.destroyed).toBe(true);
  });

  it('cancelling the dialog saves nothing and opens no window', async () => {
    fake.state.dialogResult = { canceled: true };
    const res = await dispatch('report.savePdf', { beforeId: before.id });
    expect(res).toEqual({ ok: true, value: { path: null, pages: 0 } });
    expect(fake.state.windows).toHaveLength(0);
  });

  it('a report view that fails gives one line, closes the window and leaves no file', async () => {
    fake.state.reportState = 'error';
    const out = join(dir, 'broken.pdf');
    const res = await dispatch('report.savePdf', { beforeId: before.id, path: out });
    expect(res).toEqual({ ok: false, error: 'cannot make the report: no run with id x' });
    expect(fake.state.windows[0]!.destroyed).toBe(true);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('.part'))).toEqual([]);
  });

  it('HTML export goes through the same hidden window', async () => {
    const out = join(dir, 'r.html');
    const res = await dispatch('report.saveHtml', { beforeId: before.id, path: out });
    expect(res).toEqual({ ok: true, value: { path: out, bytes: 28 } });
    expect(readFileSync(out, 'utf8')).toBe('<!doctype html><html></html>');
  });
});
