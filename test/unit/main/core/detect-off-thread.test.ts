// Large pastes are parsed in a worker thread: the same results as in place, while the event loop
// keeps running; without the built worker (tests from the sources) the parse happens in place.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectOffThread } from '../../../../src/main/core/detect-off-thread';
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
