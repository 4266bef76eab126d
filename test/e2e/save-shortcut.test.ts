// File → Save report… (Ctrl+S) away from the Verdict step: the menu action reaches the page as
// in the desktop app (main's bus → the page) and the page says where saving works, instead of
// doing nothing. Runs in Chromium through the browser-mode host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type E2E } from './harness';

let app: E2E;
beforeAll(async () => {
  app = await openApp();
});
afterAll(() => app.close());

describe('Ctrl+S where no report is shown', () => {
  it('says in one line where Save report works', async () => {
    const { page, services } = app;
    await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Save report (Ctrl+S)' });
    await expect(notice.count()).resolves.toBe(0);
    services.bus.emit('menu.action', { action: 'save-report' });
    await notice.waitFor({ timeout: 10_000 });
    // The line from src/renderer/use-app-menu.ts (renderer code, not imported into a Node test).
    await expect(notice.innerText()).resolves.toMatch(
      /^Save report \(Ctrl\+S\) works on the Verdict step once it compares two runs: open it first/,
    );
  });
});
