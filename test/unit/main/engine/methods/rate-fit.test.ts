// The fitted rate against a count over the time, on the completion patterns bench:quick met on the
// HDD-like loop (a blkio throttle: 15 requests released every 100 ms) and on an even drive.
import { describe, expect, it } from 'vitest';
import { RateFit } from '../../../../../src/main/engine/methods/rate-fit';

type Point = [seconds: number, count: number];

/** Batches of `per` completions every 100 ms from `first`, until `end` seconds. */
function staircase(per: number, first: number, end: number, start: Point[] = []): Point[] {
  const out = [...start];
  let n = out.length ? out[out.length - 1]![1] : 0;
  for (let t = first; t <= end; t += 0.1)
    for (let i = 0; i < per; i++) out.push([t + i * 1e-5, ++n]);
  return out;
}

function fitted(points: Point[]): number | null {
  const f = new RateFit();
  for (const [t, n] of points) f.add(t, n);
  return f.rate();
}

const countOverTime = (points: Point[], end: number): number => points[points.length - 1]![1] / end;

describe('RateFit', () => {
  it('gives an even drive its count over the time', () => {
    const pts: Point[] = Array.from({ length: 3000 }, (_, i) => [(i + 1) / 3000, i + 1]);
    expect(fitted(pts)).toBeCloseTo(3000, 6);
  });

  it("reads a throttle's 100 ms releases the same wherever the window ends", () => {
    // 150 per second in batches of 15: a 1.55 s window holds 15 or 16 batches by its phase.
    const rates = [0.1, 0.14, 0.18].map((first) => staircase(15, first, 1.55));
    const counts = rates.map((p) => countOverTime(p, 1.55));
    const fits = rates.map((p) => fitted(p)!);
    expect(Math.max(...counts) / Math.min(...counts)).toBeGreaterThan(1.05);
    for (const r of fits) expect(r).toBeGreaterThan(147);
    for (const r of fits) expect(r).toBeLessThan(153);
  });

  it('is moved little by a burst on stored credit or a held first request', () => {
    const burst: Point[] = Array.from({ length: 43 }, (_, i) => [0.001 + i * 1e-4, i + 1]);
    const withBurst = staircase(15, 0.1, 1.55, burst);
    expect(countOverTime(withBurst, 1.55)).toBeGreaterThan(160);
    expect(fitted(withBurst)).toBeLessThan(158);
    const held = staircase(15, 0.23, 1.55, [[0.23, 1]]);
    expect(countOverTime(held, 1.55)).toBeLessThan(140);
    expect(fitted(held)).toBeGreaterThan(147);
  });

  it('has no rate below three points or at one instant', () => {
    expect(
      fitted([
        [0.1, 1],
        [0.2, 2],
      ]),
    ).toBeNull();
    expect(
      fitted([
        [0.1, 1],
        [0.1, 2],
        [0.1, 3],
      ]),
    ).toBeNull();
    expect(
      fitted([
        [0.1, 1],
        [0.2, 2],
        [0.3, 3],
      ]),
    ).toBeCloseTo(10, 9);
  });
});
