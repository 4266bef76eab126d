// Which Chromium prints the report headlessly: CHROME_PATH, else the distribution's package. The
// one place the printer's program is chosen (the CLI's report and fleet PDFs, browser mode).
import { accessSync, constants, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { UserError } from '../core/errors';
import { rootCodeRefusal } from '../core/trusted-code';

export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-extensions',
];

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * An explicit CHROME_PATH wins and is never second-guessed: pointing it at something that is not
 * there is an error, not a silent fallback to another browser. As root (issue 37, class 2) the
 * program, CHROME_PATH's or the package's, must be root's in folders only root can write: else
 * one line refuses it, as another account could swap what root is about to run.
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  isExecutable: (p: string) => boolean = executable,
  o: { uid?: number; refusal?: (p: string) => string | null } = {},
): string {
  const asRoot = (o.uid ?? process.getuid?.() ?? -1) === 0;
  const refusal = o.refusal ?? rootCodeRefusal;
  const explicit = env.CHROME_PATH?.trim();
  if (explicit) {
    if (!isExecutable(explicit))
      throw new UserError(
        `no Chromium at CHROME_PATH=${explicit}: point it at a Chromium or Chrome binary`,
      );
    const why = asRoot ? refusal(explicit) : null;
    if (why)
      throw new UserError(
        `refusing to run CHROME_PATH=${explicit} as root: ${why}, so another account could change that program; unset CHROME_PATH or point it at a Chromium only root can change`,
      );
    return explicit;
  }
  const found = CHROMIUM_CANDIDATES.find((p) => isExecutable(p) && !(asRoot && refusal(p)));
  if (found) return found;
  throw new UserError(
    'no Chromium found to print the report: install the chromium package or set CHROME_PATH',
  );
}

/**
 * Headless Chromium for printing, or one line saying why it would not start. playwright-core is
 * loaded here, not at start-up: only the CLI and browser mode print through Chromium, and the
 * desktop app (which prints with Electron) should not load it at all.
 */
export async function launchChromium(executablePath: string, timeout: number): Promise<Browser> {
  try {
    const { chromium } = await import('playwright-core');
    return await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout });
  } catch (err) {
    throw new UserError(
      `could not start Chromium at ${executablePath}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
}
