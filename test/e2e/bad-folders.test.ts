// Bad folders through the UI (Drive and Plan steps, browser host) and the CLI, on small real
// filesystems: one rule (shared/bench/plan folderFit) decides both, and each refusal says what
// to do. Root only (loop devices, mounts, a read-only remount). The wizard's dead ends of issue
// 41, each line on screen equal to the CLI's: a file given as the folder, the system disk, a
// read-only drive whose read tests run from the UI with admin rights, then after the swap the
// old drive picked as the new one (Start disabled) and a nearly full new drive, at pick time.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePath } from '../../src/main/drives';
import { notAFolder, systemDiskWarning } from '../../src/shared/bench/plan';
import { fillSaveTo, openApp, type E2E } from './harness';
import { reachableCli, type ReachableCli } from './reachable';

const asRoot = process.getuid?.() === 0;
const root = mkdtempSync(join(tmpdir(), 's31-story-bad-'));
const config = join(root, 'config');
interface Fs {
  img: string;
  dev: string;
  mnt: string;
}
const made: Fs[] = [];

/** A 64 MB ext4 on a loop device, mounted; `leave` bytes free after a filler file. */
function smallFs(name: string, leave: number | null): Fs {
  const img = join(root, `${name}.img`);
  const mnt = join(root, name);
  mkdirSync(mnt);
  execFileSync('truncate', ['-s', '64M', img]);
  execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', img]);
  const dev = execFileSync('losetup', ['-f', '--show', img], { encoding: 'utf8' }).trim();
  const fs = { img, dev, mnt };
  made.push(fs);
  execFileSync('mount', [dev, mnt]);
  if (leave !== null) {
    const free = Number(
      execFileSync('stat', ['-f', '-c', '%a*%S', mnt], { encoding: 'utf8' })
        .split('*')
        .reduce((a, b) => a * Number(b), 1),
    );
    const fill = Math.max(0, free - leave);
    // fallocate stops at ENOSPC for a full filesystem; what is left over is the figure we want.
    spawnSync('fallocate', ['-l', String(fill), join(mnt, 'filler')]);
    if (leave === 0)
      spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'rest')}`, 'bs=4k'], { stdio: 'ignore' });
  }
  return fs;
}

let full: Fs;
let tiny: Fs;
let ro: Fs;
let app: E2E;
// The CLI as nobody runs from a copy it can reach (the checkout may sit under root's 0700 home).
let asOther: ReachableCli | undefined;
const missing = join(root, 'not-there');
// A folder on the system disk (the temp root may be a RAM filesystem): its file and its note.
const sysDir = mkdtempSync('/var/tmp/dw-dead-ends-h41-');

beforeAll(async () => {
  if (!asRoot) return;
  chmodSync(root, 0o711); // the CLI run as nobody reaches its own config folder in here
  full = smallFs('full', 0);
  tiny = smallFs('tiny', 4 * 1024 * 1024);
  ro = smallFs('ro', null);
  execFileSync('mount', ['-o', 'remount,ro', ro.mnt]);
  app = await openApp({ configDir: config });
  asOther = reachableCli();
}, 60_000);

afterAll(async () => {
  try {
    app?.services.privileged.release();
    await app?.close();
  } finally {
    asOther?.dispose();
    for (const f of made.reverse()) {
      spawnSync('umount', [f.mnt]);
      spawnSync('losetup', ['-d', f.dev]);
    }
    rmSync(root, { recursive: true, force: true });
    rmSync(sysDir, { recursive: true, force: true });
  }
});

/** The CLI's `bench` as root (or as nobody, without admin rights); its one error line. */
function cli(
  args: string[],
  asNobody = false,
  command = 'bench',
): { status: number | null; err: string; out: string } {
  const env = { ...process.env, XDG_CONFIG_HOME: asNobody ? join(root, 'nobody') : config };
  if (asNobody) {
    mkdirSync(env.XDG_CONFIG_HOME, { recursive: true });
    chmodSync(env.XDG_CONFIG_HOME, 0o777);
  }
  const r = asNobody
    ? spawnSync(
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, asOther!.cli].concat(
          command,
          args,
        ),
        { env, cwd: asOther!.cwd, encoding: 'utf8', timeout: 120_000 },
      )
    : spawnSync(process.execPath, [resolve('dist/main/cli.js'), command, ...args], {
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
  const err = r.stderr.split('\n').find((l) => l.startsWith('drivewise: ')) ?? '';
  return { status: r.status, err: err.replace(/^drivewise: /, ''), out: r.stdout };
}

/** Drive step: the loop disk's card (or the disk named), then `dir` typed; the verdict's line. */
async function driveStep(page: Page, fs: Fs | string | null, dir: string): Promise<string> {
  const heading = page.getByRole('heading', { name: 'Which drive are you replacing?' });
  if (!(await heading.isVisible())) await page.getByRole('button', { name: 'Start' }).click();
  await heading.waitFor();
  const dev = (typeof fs === 'string' ? fs : (fs ?? tiny).dev).replace('/dev/', '');
  await page.getByTestId(`drive-card-${dev}`).click();
  const field = page.getByLabel(/Folder for the test files/);
  await field.fill(dir);
  await field.press('Enter');
  const line = page
    .locator('.drive-dir-status')
    .filter({ hasText: /\S/ })
    .filter({ hasNotText: 'Checking' });
  await line.waitFor();
  return (await line.innerText()).trim();
}

const nextButton = (page: Page) => page.locator('.drive-step button.primary');

describe.runIf(asRoot)('bad folders: the Drive step, the Plan step and the CLI agree', () => {
  it('a full filesystem and a tiny one: the same refusal on screen and in the CLI, naming what to do', async () => {
    for (const fs of [full, tiny]) {
      const shown = await driveStep(app.page, fs, fs.mnt);
      expect(shown).toMatch(
        /^not enough free space in .*: the run needs .* free .* — free .* there or choose a folder on a larger filesystem of the drive$/,
      );
      expect(shown).not.toMatch(/All file tests can run/);
      expect(await nextButton(app.page).isDisabled()).toBe(true);
      const r = cli(['--dir', fs.mnt, '--profile', 'quick']);
      expect(r.status).not.toBe(0);
      expect(r.err).toBe(shown);
    }
    await app.shot('bad-folder-tiny');
  }, 120_000);

  it('a missing folder: one line that says to create it, on screen and in the CLI', async () => {
    const shown = await driveStep(app.page, null, missing);
    expect(shown).toBe(
      `${missing}: no such directory — create it first or choose an existing folder on the drive`,
    );
    expect(await nextButton(app.page).isDisabled()).toBe(true);
    const r = cli(['--dir', missing, '--tests', 'buffered-read,seeker', '--admin']);
    expect(r.status).not.toBe(0);
    expect(r.err).toBe(shown);
  }, 60_000);

  it('a file given as the folder: refused on the Drive step in the CLI’s words', async () => {
    const sys = (await resolvePath(sysDir)).disks[0]!;
    const file = join(sysDir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    await driveStep(app.page, sys, file);
    // The system card first proposes the home folder: wait for this path's own line.
    const line = app.page.locator('.drive-dir-status').filter({ hasText: file });
    await line.waitFor();
    const shown = (await line.innerText()).trim();
    expect(shown).toBe(notAFolder(file));
    expect(await nextButton(app.page).isDisabled()).toBe(true);
    await app.shot('dead-end-file-as-folder');
    const r = cli(['--dir', file, '--profile', 'quick']);
    expect(r.status).not.toBe(0);
    expect(r.err).toBe(shown);
  }, 60_000);

  it('the system disk: the Drive step notes its traffic, in the words of `drives --for`', async () => {
    const sys = (await resolvePath(sysDir)).disks[0]!;
    const shown = await driveStep(app.page, sys, sysDir);
    const r = cli(['--for', sysDir], false, 'drives');
    expect(r.status).toBe(0);
    const warning = /^warning: (.*)$/m.exec(r.out)?.[1] ?? '';
    expect(warning).toBe(systemDiskWarning(sysDir, sys));
    expect(shown).toMatch(/^All file tests can run \(.*\)\. Note: /);
    expect(shown.split('Note: ')[1]).toBe(warning);
    expect(await nextButton(app.page).isEnabled()).toBe(true);
    await app.shot('dead-end-system-disk');
  }, 60_000);

  it('a read-only folder without admin rights: refused with the way out; the CLI without rights says the same', async () => {
    expect(app.services.privileged.status().state).not.toBe('granted');
    const shown = await driveStep(app.page, ro, ro.mnt);
    expect(shown).toBe(
      `${ro.mnt} is on a read-only filesystem: choose a writable folder on the drive, or grant admin rights to run only the read tests (buffered-read, seeker) here`,
    );
    expect(await nextButton(app.page).isDisabled()).toBe(true);
    await app.page.getByRole('button', { name: 'Grant admin rights' }).waitFor();
    const r = cli(['--dir', ro.mnt, '--tests', 'buffered-read,seeker'], true);
    expect(r.status).not.toBe(0);
    expect(r.err).toBe(shown);
  }, 120_000);

  it('a read-only folder with admin rights: Next opens the read tests, Plan agrees, the CLI runs them and writes nothing', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Grant admin rights' }).click();
    const status = page
      .locator('[data-testid="dir-verdict"]')
      .filter({ hasText: 'nothing is written' });
    await status.waitFor();
    expect(await status.innerText()).toBe(
      `${ro.mnt} is on a read-only filesystem: only the read tests (buffered-read, seeker) run here, on the raw device with admin rights; nothing is written.`,
    );
    await page.locator('.drive-step button.primary:enabled').click();
    await page.getByRole('heading', { name: 'Plan the measurement' }).waitFor();
    await page.getByTestId('plan-space').filter({ hasText: 'Writes nothing in' }).waitFor();
    await page.locator('.plan button.primary:enabled').waitFor();
    expect(await page.getByTestId('plan-refusal').count()).toBe(0);
    await app.shot('bad-folder-read-only-plan');
    const r = cli(['--dir', ro.mnt, '--tests', 'buffered-read,seeker', '--admin']);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/saved run /);
    expect(r.out).toMatch(/Sequential read speed \(hdparm -t\)/);
    // Both read the raw device (no test file): its name is in each test's method.
    const id = /saved run (\S+)/.exec(r.out)![1]!;
    const doc = JSON.parse(
      readFileSync(join(config, 'drivewise', 'runs', `${id}.json`), 'utf8'),
    ) as {
      tests: { testId: string; method: string }[];
    };
    expect(doc.tests.map((x) => x.testId).sort()).toEqual(['buffered-read', 'seeker']);
    for (const x of doc.tests) expect(x.method).toContain(ro.dev);
    expect(readdirSync(ro.mnt)).toEqual(['lost+found']);
    // Any other test there is refused in one line that says which ones can run.
    const other = cli(['--dir', ro.mnt, '--tests', 'buffered-read,dd-write', '--admin']);
    expect(other.status).not.toBe(0);
    expect(other.err).toBe(
      `${ro.mnt} is on a read-only filesystem: only the read tests (buffered-read, seeker) can run here; choose only those, or a writable folder on the drive`,
    );
  }, 180_000);

  it('the read tests run from the UI with admin rights; after the swap the old drive and a nearly full one are refused when picked, in the CLI’s words', async () => {
    const { page } = app;
    const main = page.locator('main');
    // Plan → (admin already granted) → Measure: the read tests run on the raw device.
    await page.locator('.plan button.primary:enabled').click();
    const cont = main.getByRole('button', { name: 'Continue', exact: true });
    const measureHeading = page.getByRole('heading', { name: 'Measure your current drive' });
    await cont.or(measureHeading).first().waitFor();
    if (await cont.isVisible()) await cont.click();
    await measureHeading.waitFor();
    await main.getByRole('button', { name: 'Start measuring' }).click();
    const done = page.getByText(/Done: saved to history as/);
    await done.waitFor({ timeout: 150_000 });
    const rows = main.getByTestId('measure-row');
    await expect(rows.count()).resolves.toBe(2);
    for (let i = 0; i < 2; i++)
      await expect(rows.nth(i).getAttribute('data-status')).resolves.toBe('ok');
    await app.shot('dead-end-read-only-measured');
    const id = /as (\S+)\.$/.exec(await done.innerText())![1]!;
    // The app's own history (its config folder), not the CLI's XDG one.
    const doc = await app.services.runs.load(id);
    expect(doc.tests.map((x) => x.testId).sort()).toEqual(['buffered-read', 'seeker']);
    for (const x of doc.tests) expect(x.method).toContain(ro.dev);
    expect(readdirSync(ro.mnt)).toEqual(['lost+found']);

    // Save the baseline, swap, and pick the new drive's folder.
    await main.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Save the baseline' }).waitFor();
    const baselineFile = join(root, 'baseline.json');
    await fillSaveTo(page, baselineFile);
    await main.getByRole('button', { name: 'Save baseline' }).click();
    await page.getByTestId('baseline-saved').waitFor();
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByRole('button', { name: 'I have swapped the drive' }).click();
    await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
    await page.getByTestId('baseline-chosen').waitFor();
    const start = main.getByRole('button', { name: 'Start measuring' });
    const pick = async (dir: string, testId: string): Promise<string> => {
      await page.getByLabel('Directory on the new drive').fill(dir);
      await main.getByRole('button', { name: 'Use this directory' }).click();
      // The line of this folder (each names it), not the one of the folder picked before.
      const line = page.getByTestId(testId).filter({ hasText: dir });
      await line.waitFor();
      return (await line.innerText()).trim();
    };

    // The old drive picked as the new one: the same line as `bench --baseline`, Start disabled.
    const same = await pick(ro.mnt, 'same-drive-line');
    await expect(start.isDisabled()).resolves.toBe(true);
    await app.shot('dead-end-old-drive-as-new');
    const again = cli(['--baseline', baselineFile, '--dir', ro.mnt, '--admin']);
    expect(again.status).not.toBe(0);
    expect(again.err).toBe(same);

    // A nearly full new drive: refused when picked, not at Start, as the CLI refuses it.
    const full = await pick(tiny.mnt, 'after-dir-line');
    expect(full).toMatch(/^not enough free space in /);
    await expect(start.isDisabled()).resolves.toBe(true);
    await app.shot('dead-end-nearly-full-new-drive');
    const small = cli(['--baseline', baselineFile, '--dir', tiny.mnt, '--admin']);
    expect(small.status).not.toBe(0);
    // Both repeat the baseline's plan (shared/bench/repeat-plan): one amount, in GB and MB.
    expect(small.err).toBe(full);
    expect(full).toMatch(
      / needs [\d.]+ GB free \(1\.1 GB of it kept free as a margin\), \d+ MB free /,
    );
  }, 240_000);
});
