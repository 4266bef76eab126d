// Issue 25, class 7: a stored run whose name, label text and drive model carry terminal control
// sequences (ESC/CSI, OSC title and hyperlink, C1 CSI, a bidi override) is printed by `runs` and
// `show` without any of them; `export ID -` writes the run to standard output, not to a file `-`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { createServices } from '../../src/main/create-services';
import { capture, tempDirs } from '../integration/engine/helpers';
import { sampleRun } from './store-fixtures';
import { recordAttack } from './tally';

const tempDir = tempDirs();
const EVIL = '\u001b[2J\u001b]0;owned\u0007\u001b]8;;http://x\u001b\\\u009b31m\u202eevil\r';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

describe('class 7: terminal output and export to stdout', () => {
  it('runs and show print stored strings without control characters', async () => {
    const configDir = tempDir('sec-term');
    const s = createServices({ configDir });
    const doc = sampleRun('2026-11-30T07-19-50-805Z-f20f8f');
    await s.runs.save({ ...doc, name: `name${EVIL}` });
    const outs: string[] = [];
    for (const args of [['runs'], ['show', doc.id]]) {
      const c = capture();
      expect(await runCli(args, c.io, s)).toBe(0);
      outs.push(c.out.join(''));
    }
    const raw = outs.filter((o) => CONTROL.test(o.replace(/\n/g, ''))).length;
    console.log(`class 7 terminal: ${outs.length} outputs, ${raw} with control characters`);
    recordAttack('class 7: control sequences in stored strings printed by runs/show', {
      held: raw === 0 && outs.every((o) => o.includes('name')),
    });
    expect(raw).toBe(0);
  });

  it('export ID - writes the run to stdout and creates no file named -', async () => {
    const configDir = tempDir('sec-export');
    const s = createServices({ configDir });
    const doc = sampleRun('2026-11-30T07-19-50-805Z-f20f8e');
    await s.runs.save(doc);
    const c = capture();
    const cwd = process.cwd();
    const dir = tempDir('sec-export-cwd');
    process.chdir(dir);
    try {
      expect(await runCli(['export', doc.id, '-'], c.io, s)).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    const parsed = JSON.parse(c.out.join('')) as { id: string };
    recordAttack('class 7: export ID - goes to stdout', {
      held: parsed.id === doc.id && !existsSync(join(dir, '-')),
    });
    expect(parsed.id).toBe(doc.id);
    expect(existsSync(join(dir, '-'))).toBe(false);
  });
});
