// Who prints outside the app window: the installed CLI (the app's Electron binary run as Node)
// prints with that binary started as Electron; plain Node (a source checkout, browser mode) with
// Playwright's Chromium. The Electron child is told what to print on stdin, never on argv.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  choosePrintEngine,
  parsePrintAnswer,
  PRINT_ANSWER,
  PRINT_SWITCH,
  printWithElectron,
} from '../../../../src/main/report/print-engine';

const node = { ...process.versions };
const electron = { ...process.versions, electron: '45.5.0' };

describe('choosePrintEngine', () => {
  it('plain Node prints with Chromium; the Electron binary run as Node with itself', () => {
    expect(
      choosePrintEngine({ versions: node, execPath: '/usr/bin/node', env: {}, uid: 1000 }),
    ).toEqual({ kind: 'chromium' });
    expect(
      choosePrintEngine({
        versions: electron,
        execPath: '/opt/Drivewise/drivewise-app',
        env: { DISPLAY: ':0' },
        uid: 1000,
      }),
    ).toEqual({ kind: 'electron', binary: '/opt/Drivewise/drivewise-app', args: [PRINT_SWITCH] });
  });

  it('no display: Ozone headless; root: no sandbox', () => {
    const e = choosePrintEngine({ versions: electron, execPath: '/x', env: {}, uid: 0 });
    expect(e).toEqual({
      kind: 'electron',
      binary: '/x',
      args: [PRINT_SWITCH, '--ozone-platform=headless', '--disable-gpu', '--no-sandbox'],
    });
    const wayland = choosePrintEngine({
      versions: electron,
      execPath: '/x',
      env: { WAYLAND_DISPLAY: 'wayland-0' },
      uid: 1000,
    });
    expect(wayland).toMatchObject({ args: [PRINT_SWITCH] });
  });
});

describe('the Electron print child', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dw-print-engine-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A stand-in binary: records argv, env and stdin, and answers as `answer` says. */
  function child(answer: string): string {
    const bin = join(dir, `child-${Math.random().toString(36).slice(2)}`);
    writeFileSync(
      bin,
      `#!${process.execPath}\n` +
        `const fs = require('node:fs');\n` +
        `let input = '';\n` +
        `process.stdin.on('data', (d) => (input += d));\n` +
        `process.stdin.on('end', () => {\n` +
        `  fs.writeFileSync(${JSON.stringify(bin + '.seen')}, JSON.stringify({ argv: process.argv.slice(2), runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null, input: JSON.parse(input) }));\n` +
        `  ${answer}\n` +
        `});\n`,
    );
    chmodSync(bin, 0o755);
    return bin;
  }
  const request = {
    url: 'http://127.0.0.1:4000/KEY/#/report?before=a',
    paper: 'a4' as const,
    want: { pdf: true },
    timeoutMs: 10_000,
  };

  it('gets the request on stdin (the URL with its key never on argv) and the PDF on stdout', async () => {
    const pdf = Buffer.from('%PDF-1.7 stand-in');
    const bin = child(
      `process.stdout.write('chromium noise\\n${PRINT_ANSWER}' + JSON.stringify({ pdf: ${JSON.stringify(pdf.toString('base64'))} }) + '\\n');`,
    );
    const out = await printWithElectron(
      { kind: 'electron', binary: bin, args: [PRINT_SWITCH] },
      request,
      {
        ...process.env,
        ELECTRON_RUN_AS_NODE: '1',
      },
    );
    expect(out.pdf?.equals(pdf)).toBe(true);
    const seen = JSON.parse(readFileSync(`${bin}.seen`, 'utf8')) as {
      argv: string[];
      runAsNode: string | null;
      input: typeof request;
    };
    expect(seen.argv).toEqual([PRINT_SWITCH]);
    expect(seen.input).toEqual(request);
    // Started as Electron, not as Node again.
    expect(seen.runAsNode).toBeNull();
  });

  it('a child that fails says why in one line', async () => {
    const said = child(
      `process.stdout.write('${PRINT_ANSWER}' + JSON.stringify({ error: 'the report view did not finish drawing within 10 s' }) + '\\n'); process.exit(2);`,
    );
    await expect(
      printWithElectron({ kind: 'electron', binary: said, args: [] }, request),
    ).rejects.toThrow(/^Electron could not print the report: the report view did not finish/);
    const crashed = child(
      `process.stderr.write('Missing X server or $DISPLAY\\n'); process.exit(1);`,
    );
    await expect(
      printWithElectron({ kind: 'electron', binary: crashed, args: [] }, request),
    ).rejects.toThrow('Electron could not print the report: Missing X server or $DISPLAY');
  });

  it('reads only its marked answer line', () => {
    expect(parsePrintAnswer(`a\n${PRINT_ANSWER}{"html":"<p>"}\n`)).toEqual({ html: '<p>' });
    expect(parsePrintAnswer('no answer\n')).toBeNull();
    expect(parsePrintAnswer(`${PRINT_ANSWER}{broken\n`)).toBeNull();
  });
});
