// The Drive step against the real router on this machine: cards, keyboard choice, directory check.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type E2E } from './harness';

// A second, non-system disk makes the page realistic: a loop device with a mounted ext4 image.
let loop: { dir: string; dev: string; mnt: string } | null = null;
function attachLoop() {
  if (process.getuid?.() !== 0) return;
  const dir = mkdtempSync(join(tmpdir(), 'dw-e2e-drive-'));
  try {
    const img = join(dir, 'disk.img');
    const mnt = join(dir, 'mnt');
    mkdirSync(mnt);
    // Big enough for the quick plan's need (1 GiB margin included); sparse, so it costs little.
    execFileSync('truncate', ['-s', '3G', img]);
    execFileSync('mkfs.ext4', ['-q', '-F', img]);
    const dev = execFileSync('losetup', ['-f', '--show', img], { encoding: 'utf8' }).trim();
    loop = { dir, dev, mnt };
    execFileSync('mount', [dev, mnt]);
  } catch (e) {
    console.warn(`no loop device for the drive-step test: ${(e as Error).message.split('\n')[0]}`);
  }
}
/**
 * The app's host may still hold the mount for a moment after close (a run left it mounted once,
 * umount saying "busy" and the detach never reached): retried for 5 s, then lazily unmounted.
 */
async function detachLoop() {
  if (!loop) return;
  const umount = (args: string[]) => {
    try {
      execFileSync('umount', [...args, loop!.mnt], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  let done = false;
  for (let i = 0; i < 25 && !(done = umount([])); i++) await new Promise((r) => setTimeout(r, 200));
  if (!done) umount(['-l']);
  execFileSync('losetup', ['-d', loop.dev], { stdio: 'ignore' });
  rmSync(loop.dir, { recursive: true, force: true });
}

let app: E2E;
beforeAll(async () => {
  attachLoop();
  app = await openApp();
});
afterAll(async () => {
  try {
    await app?.close();
  } finally {
    try {
      await detachLoop();
    } catch {
      /* detaching is best effort once the mount is gone */
    }
  }
});

describe('Drive step', () => {
  it('renders a card per disk with the system drive marked; Next waits for a choice', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { name: 'Which drive are you replacing?' }).waitFor();
    const cards = page.getByRole('group', { name: 'Drives' }).getByRole('button');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(loop ? 2 : 1);
    const system = cards.filter({ hasText: 'System drive' });
    expect(await system.count()).toBe(1);
    expect(await system.innerText()).toMatch(/Link/);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('choosing the system drive with the keyboard proposes the home directory and enables Next', async () => {
    const { page } = app;
    const system = page
      .getByRole('group', { name: 'Drives' })
      .getByRole('button')
      .filter({ hasText: 'System drive' });
    await system.focus();
    await page.keyboard.press('Space');
    expect(await system.getAttribute('aria-pressed')).toBe('true');
    const field = page.getByLabel(/Folder for the test files/);
    expect(await field.inputValue()).toBe(process.env.HOME);
    // Every file test runs there, with the system disk's note (its own traffic is in the figures).
    await page
      .getByTestId('dir-verdict')
      .filter({ hasText: /^All file tests can run .*is on the system disk/ })
      .waitFor();
    await page.locator('.drive-step button.primary:enabled').waitFor();
    const file = await app.shot('drive-step-light');
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
    // Same page in the dark theme (no second browser: the CSS follows prefers-color-scheme).
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await app.shot('drive-step-dark');
    expect(readFileSync(dark).length).toBeGreaterThan(10_000);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('a RAM filesystem or a folder on another disk disables Next with a one-line reason', async () => {
    const { page } = app;
    const field = page.getByLabel(/Folder for the test files/);
    const next = page.getByRole('button', { name: 'Next' });
    await field.fill('/dev/shm');
    await field.press('Enter');
    await page
      .getByTestId('dir-verdict')
      .filter({ hasText: 'would not measure a drive' })
      .waitFor();
    expect(await next.isDisabled()).toBe(true);
    if (loop) {
      await field.fill(loop.mnt);
      await field.press('Enter');
      await page
        .getByTestId('dir-verdict')
        .filter({ hasText: 'not on the drive you picked' })
        .waitFor();
      expect(await next.isDisabled()).toBe(true);
    }
    await field.fill('/nonexistent/folder');
    await field.press('Enter');
    await page.getByText('/nonexistent/folder: no such directory').waitFor();
    expect(await next.isDisabled()).toBe(true);
  });

  it.runIf(process.getuid?.() === 0)(
    'picking the loop disk proposes its mount; Next moves on to Plan',
    async () => {
      const { page } = app;
      if (!loop) return;
      const card = page.getByTestId(`drive-card-${loop.dev.replace('/dev/', '')}`);
      await card.click();
      const field = page.getByLabel(/Folder for the test files/);
      expect(await field.inputValue()).toBe(loop.mnt);
      await page.getByTestId('dir-verdict').filter({ hasText: 'loop device' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('[aria-current="step"]').innerText()).resolves.toContain('Plan');
    },
  );
});
