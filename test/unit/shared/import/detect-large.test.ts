// The largest paste the contract allows, made of one format's smallest complete results: every
// result is kept (a spread of 100,000+ into push() overflowed the stack and lost them all), and
// each hdparm timing and seeker result keeps the device line above it.
import { describe, expect, it } from 'vitest';
import { detect } from '../../../../src/shared/import/detect';

const MiB = 1024 * 1024;

describe('detect on 4 MiB of results', () => {
  it('keeps all of 150,000 dd summaries', () => {
    const line = '1 bytes copied, 1 s, 1 MB/s\n';
    const n = Math.floor((4 * MiB) / line.length);
    const d = detect(line.repeat(n));
    expect(n).toBeGreaterThan(140_000);
    expect(d.tool).toBe('dd');
    expect(d.results).toHaveLength(n);
  });

  it('pairs each hdparm timing and seeker result with the device named above it', () => {
    const hd = (i: number) =>
      `/dev/sd${i}:\n Timing buffered disk reads: 80 MB in 3.00 seconds = ${i}.00 MB/sec\n`;
    const sk = (i: number) =>
      `Benchmarking /dev/sk${i} [1MB], wait 30 seconds\nResults: ${i} seeks/second, 1.0 ms random access time\n`;
    const d = detect(Array.from({ length: 2000 }, (_, i) => hd(i) + sk(i)).join(''));
    const hdparm = d.results.filter((r) => r.tool === 'hdparm');
    const seeker = d.results.filter((r) => r.metric === 'seeks_per_second');
    expect(hdparm).toHaveLength(2000);
    expect(seeker).toHaveLength(2000);
    expect(hdparm.every((r) => r.device === `/dev/sd${r.value}`)).toBe(true);
    expect(seeker.every((r) => r.device === `/dev/sk${r.value}`)).toBe(true);
  });
});
