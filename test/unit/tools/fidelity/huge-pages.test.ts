import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reserveHugePages } from '../../../../tools/fidelity/huge-pages';

const dir = mkdtempSync(join(tmpdir(), 'dw-huge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Stand-ins for /proc/sys/vm/nr_hugepages and the pool's free count. */
function pool(nr: number, free: number) {
  const paths = { nr: join(dir, `nr-${nr}-${free}`), free: join(dir, `free-${nr}-${free}`) };
  writeFileSync(paths.nr, `${nr}\n`);
  writeFileSync(paths.free, `${free}\n`);
  return { paths, nr: () => Number(readFileSync(paths.nr, 'utf8')) };
}

describe('reserveHugePages', () => {
  it('grows the pool by the pages asked for and puts it back once', () => {
    const p = pool(4, 12);
    const r = reserveHugePages(8, p.paths);
    expect(r.ok).toBe(true);
    expect(r.note).toMatch(/--mem=shmhuge \(8 × 2 MiB/);
    expect(p.nr()).toBe(12);
    r.restore();
    expect(p.nr()).toBe(4);
    writeFileSync(p.paths.nr, '99');
    r.restore();
    expect(p.nr()).toBe(99);
  });

  it('gives the pages back and says so when memory is too fragmented to fill the pool', () => {
    const p = pool(0, 3);
    const r = reserveHugePages(8, p.paths);
    expect(r.ok).toBe(false);
    expect(r.note).toMatch(/only 3 of 8 huge pages/);
    expect(p.nr()).toBe(0);
  });

  it('falls back to malloc buffers when the pool cannot be changed', () => {
    const r = reserveHugePages(8, { nr: join(dir, 'missing/nr'), free: join(dir, 'missing/f') });
    expect(r).toMatchObject({ ok: false });
    expect(r.note).toMatch(/malloc'ed buffers \(no huge pages: ENOENT\)/);
  });
});
