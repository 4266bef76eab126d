// The printing service on its own: the report page on its own loopback server, printed by the
// real Chromium from the built renderer. Skips with one line when either is missing.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/create-services';
import { findChromium } from '../../../../src/main/report/chromium';
import { renderReport } from '../../../../src/main/report/print-service';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { seed000 } from '../../shared/verdict/seed-runs';

const built = existsSync(resolve('dist/renderer/index.html'));
const chromium = (() => {
  try {
    return findChromium(process.env);
  } catch {
    return null;
  }
})();
const why = !built ? 'dist/renderer not built (npm run build)' : !chromium ? 'no Chromium' : '';
if (why) console.log(`print-service: skipped, ${why}`);

const dir = mkdtempSync(join(tmpdir(), 'dw-print-'));
const services = createServices({ configDir: dir });
const { before, after } = seed000();
beforeAll(async () => {
  await services.runs.save(before);
  await services.runs.save(after);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(why !== '')('renderReport: a printing service of its own', () => {
  it('prints the report of two stored runs to PDF and HTML without the app events', async () => {
    let listeners = 0;
    const bus = services.bus;
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (fn) => {
      listeners++;
      return subscribe(fn);
    };
    const out = await renderReport({
      target: { beforeId: before.id, afterId: after.id, paper: 'a4', showSerials: false },
      dispatch: createDispatch(createHandlers(services)),
      want: { pdf: true, html: true },
      timeoutMs: 120_000,
    });
    expect(out.pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(out.pages).toBeGreaterThan(0);
    expect(out.html).toContain(after.label);
    // The print server forwards no app events: nobody subscribed to the bus to print.
    expect(listeners).toBe(0);
  }, 180_000);
});
