// Large pastes are parsed in a worker thread: the same results as in place, while the event loop
// keeps running; without the built worker (tests from the sources) the parse happens in place.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectOffThread,
  MAX_IMPORT_WORKERS,
  MAX_WAITING_IMPORTS,
} from '../../../../src/main/core/detect-off-thread';
import { detect } from '../../../../src/shared/import/detect';

const WORKER = resolve('dist/main/import-worker.js');
const fixture = readFileSync(
  join(__dirname, '../../../fixtures/tool-output/seed001-hdparm-ssd.txt'),
  'utf8',
);

describe('detectOffThread', () => {
  it.skipIf(!existsSync(WORKER))(
    'a 500 KB paste: the same results as in place, and the event loop keeps turning',
    async () => {
      const text = fixture.repeat(1200);
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const d = await detectOffThread(text, WORKER);
      clearInterval(timer);
      expect(d).toEqual(detect(text));
      expect(d.results).toHaveLength(1200 * 6);
      expect(ticks).toBeGreaterThan(0);
    },
  );

  it('without the worker file, or for a small text, parses in place', async () => {
    expect(await detectOffThread(fixture, WORKER)).toEqual(detect(fixture));
    const big = fixture.repeat(1200);
    expect(await detectOffThread(big, '/nonexistent/import-worker.js')).toEqual(detect(big));
  });
});

describe('detectOffThread bounds (issue 37, class 5)', () => {
  it('a reader past its time limit is stopped with one line; past the queue, busy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-import-stall-'));
    // A reader that never answers: what a parser slower than linear would look like.
    const stall = join(dir, 'stall.js');
    writeFileSync(stall, 'setInterval(() => {}, 1000);\n');
    const big = fixture.repeat(100);
    try {
      const n = MAX_IMPORT_WORKERS + MAX_WAITING_IMPORTS;
      const settled = Array.from({ length: n + 1 }, () =>
        detectOffThread(big, stall, 300).then(
          () => 'answered',
          (e: Error) => e.message,
        ),
      );
      const out = await Promise.all(settled);
      expect(out.slice(0, n)).toEqual(
        Array(n).fill(
          "the text took longer than 0.3 s to read and was not imported; paste the tool's output alone",
        ),
      );
      expect(out[n]).toBe('busy: other pasted texts are being read; try again when they are done');
      // The slots are free again afterwards.
      expect(await detectOffThread(big, stall, 100).catch((e: Error) => e.message)).toMatch(
        /longer than 0.1 s/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
