// `drivewise bench --repeat-disturbed` for real: two tests in a folder of this machine's disk while
// another program (fio, random 64 KiB O_DIRECT reads and writes) works on a file beside them.
// Their phases read busy; the other program is stopped at the line that announces the repeat,
// the busy phases run again alone, and the run keeps the better-conditioned sample of each,
// saying which, under the id it printed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { runCli } from '../../../src/main/program';
import { disturbedTests } from '../../../src/shared/verdict/conditions';
import { hasFio, otherProgram, stopPrograms } from '../other-program';
import { capture, tempDir } from './helpers';

// On the disk itself, where the other program's traffic lands on the same device.
const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
const dir = mkdtempSync(join(base, 'dw-h35-repeat-'));
const config = tempDir('repeat-cfg');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(config, { recursive: true, force: true });
});

describe.skipIf(!hasFio)('bench --repeat-disturbed', () => {
  it('repeats the busy phases alone and keeps the quieter sample of each', async () => {
    const services = createServices({ host: 'cli', configDir: config });
    const fio = otherProgram(join(dir, 'other-program.bin'), '256M', 300);
    const c = capture();
    const lines: string[] = [];
    const io = {
      ...c.io,
      err: (text: string) => {
        c.io.err(text);
        lines.push(text);
        // The first run is over: the repeat is to run alone.
        if (text.startsWith('busy during ')) void stopPrograms([fio]);
      },
    };
    try {
      // fio needs a moment to lay out its file and start.
      await new Promise((r) => setTimeout(r, 1500));
      const args = ['--profile', 'custom', '--tests', 'buffered-read,dd-write'];
      const sizes = ['--size', 'file=64M,dd=32M', '--repetitions', '2', '--repeat-disturbed'];
      const code = await runCli(['bench', '--dir', dir, ...args, ...sizes], io, services);
      const out = c.out.join('');
      const err = lines.join('');
      console.log(
        err
          .split('\n')
          .filter((l) => /busy|repeat/.test(l))
          .join('\n'),
      );
      expect(code, out + err).toBe(0);
      expect(err).toMatch(/\(busy: \d+(\.\d)? MB of other disk traffic during this phase\)/);
      const announced = /busy during (.+): repeating (them|it) alone/.exec(err);
      expect(announced, err).not.toBeNull();
      const id = /saved run (\S+)/.exec(out)![1]!;
      const doc = await services.runs.load(id);
      const repeated = doc.tests.filter((t) =>
        t.caveats.some((x) => x.includes(': repeated alone (')),
      );
      expect(repeated.map((t) => t.title).join(', ')).toBe(announced![1]);
      for (const t of repeated) expect(err).toContain(t.caveats.at(-1));
      // Quiet again, the repeats are kept (another program of this machine may still be busy:
      // then the first, if it was less disturbed, and the line says so).
      const kept = repeated.filter((t) => t.caveats.at(-1)!.includes('kept the repeat'));
      console.log(
        `kept the repeat of ${kept.length} of ${repeated.length}; still busy: ${disturbedTests(doc).length}`,
      );
      expect(doc.caveats.filter((x) => x.startsWith('busy phase '))).toHaveLength(repeated.length);
    } finally {
      await stopPrograms([fio]);
    }
  }, 180_000);
});
