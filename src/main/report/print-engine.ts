// Which engine prints the report outside the app window, in one place. The installed `drivewise`
// is the app's own Electron binary run as Node (ELECTRON_RUN_AS_NODE=1), so it already carries a
// Chromium: it prints by starting that binary once more as Electron, which opens the report page
// in a hidden window and calls printToPDF (src/main/shell/print-child.ts). Ubuntu ships Chromium
// only as a snap, so nothing else need be installed. A source checkout and browser mode run under
// plain Node and print with Playwright and the distribution's Chromium (chromium.ts).
import { spawn } from 'node:child_process';
import { UserError } from '../core/errors';

/** The switch the Electron entry (entries/main.ts) checks first: print, then exit. */
export const PRINT_SWITCH = '--drivewise-print-report';
/** The print child's answer on stdout: this marker, then one line of JSON. */
export const PRINT_ANSWER = 'DRIVEWISE-PRINT ';

export type PrintEngine =
  { kind: 'electron'; binary: string; args: string[] } | { kind: 'chromium' };

export interface PrintProcess {
  versions: NodeJS.ProcessVersions;
  execPath: string;
  env: NodeJS.ProcessEnv;
  uid: number;
}

const thisProcess = (): PrintProcess => ({
  versions: process.versions,
  execPath: process.execPath,
  env: process.env,
  uid: process.getuid?.() ?? -1,
});

/**
 * Electron when this process is an Electron binary run as Node (the installed CLI), else
 * Playwright's Chromium. With no display Electron's window needs Ozone's headless platform;
 * as root Chromium's sandbox cannot start, as with the Chromium path's --no-sandbox.
 */
export function choosePrintEngine(p: PrintProcess = thisProcess()): PrintEngine {
  if (!p.versions.electron) return { kind: 'chromium' };
  const args = [PRINT_SWITCH];
  if (!p.env.DISPLAY && !p.env.WAYLAND_DISPLAY)
    args.push('--ozone-platform=headless', '--disable-gpu');
  if (p.uid === 0) args.push('--no-sandbox');
  return { kind: 'electron', binary: p.execPath, args };
}

/** What the print child is told on stdin: never on the command line, the URL holds the key. */
export interface PrintRequest {
  url: string;
  paper: 'a4' | 'letter';
  want: { pdf?: boolean; html?: boolean };
  timeoutMs: number;
}

export interface PrintAnswer {
  pdf?: string;
  html?: string;
  error?: string;
}

/** The answer line among whatever else the child printed, or null. */
export function parsePrintAnswer(stdout: string): PrintAnswer | null {
  const line = stdout.split('\n').find((l) => l.startsWith(PRINT_ANSWER));
  if (!line) return null;
  try {
    return JSON.parse(line.slice(PRINT_ANSWER.length)) as PrintAnswer;
  } catch {
    return null;
  }
}

/** Prints through the app's own Electron; rejects with one line when it cannot. */
export function printWithElectron(
  engine: Extract<PrintEngine, { kind: 'electron' }>,
  request: PrintRequest,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ pdf?: Buffer; html?: string }> {
  const childEnv = { ...env };
  delete childEnv.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve, reject) => {
    const child = spawn(engine.binary, engine.args, {
      env: childEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), request.timeoutMs + 15_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (e) =>
      reject(new UserError(`cannot start ${engine.binary} to print: ${e.message}`)),
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const answer = parsePrintAnswer(stdout);
      if (answer && !answer.error)
        return resolve({
          ...(answer.pdf !== undefined ? { pdf: Buffer.from(answer.pdf, 'base64') } : {}),
          ...(answer.html !== undefined ? { html: answer.html } : {}),
        });
      const why =
        answer?.error ??
        (stderr.trim().split('\n').pop() || `it exited (${signal ?? code}) without a PDF`);
      reject(new UserError(`Electron could not print the report: ${why}`));
    });
    child.stdin.end(JSON.stringify(request));
  });
}
