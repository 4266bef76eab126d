import { describe, expect, it } from 'vitest';
import {
  parsePcieSpeed,
  parseSataSpeed,
  pcieCeilingMBps,
  pcieGeneration,
  pcieLaneRawMBps,
  sataCeilingMBps,
  sataRawMBps,
  usbCeilingMBps,
} from '../../../../src/main/drives/link-speed';

describe('SATA ceilings', () => {
  it('codes 8b/10b: 1.5/3/6 Gb/s carry 150/300/600 MB/s raw', () => {
    expect([1.5, 3, 6].map(sataRawMBps)).toEqual([150, 300, 600]);
  });
  it('puts SATA II at the 270–285 MB/s people actually see, SATA III near 550–560', () => {
    expect(sataCeilingMBps(3)).toBeGreaterThanOrEqual(270);
    expect(sataCeilingMBps(3)).toBeLessThanOrEqual(285);
    expect(sataCeilingMBps(6)).toBeGreaterThan(540);
    expect(sataCeilingMBps(6)).toBeLessThan(600);
    expect(sataCeilingMBps(1.5)).toBeLessThan(150);
  });
  it('parses the kernel and smartctl spellings, not a down link', () => {
    expect(parseSataSpeed('3.0 Gbps')).toEqual({ gbps: 3, generation: 2 });
    expect(parseSataSpeed('6.0 Gb/s')).toEqual({ gbps: 6, generation: 3 });
    expect(parseSataSpeed('1.5 Gbps')?.generation).toBe(1);
    expect(parseSataSpeed('<unknown>')).toBeNull();
    expect(parseSataSpeed(null)).toBeNull();
  });
});

describe('PCIe ceilings', () => {
  it('reads both the old "8 GT/s" and the new "16.0 GT/s PCIe" format', () => {
    expect(parsePcieSpeed('8 GT/s')).toBe(8);
    expect(parsePcieSpeed('16.0 GT/s PCIe')).toBe(16);
    expect(parsePcieSpeed('2.5 GT/s PCIe')).toBe(2.5);
    expect(parsePcieSpeed('Unknown')).toBeNull();
  });
  it('uses 8b/10b up to Gen2 and 128b/130b from Gen3', () => {
    expect(pcieLaneRawMBps(2.5)).toBe(250);
    expect(pcieLaneRawMBps(5)).toBe(500);
    expect(pcieLaneRawMBps(8)).toBeCloseTo(984.6, 1);
    expect(pcieLaneRawMBps(16)).toBeCloseTo(1969.2, 1);
    expect([2.5, 5, 8, 16, 32].map(pcieGeneration)).toEqual([1, 2, 3, 4, 5]);
  });
  it('Gen3 x4 ≈ 3.7 GB/s and Gen4 x4 ≈ 7.5 GB/s: above what the fastest drives reach', () => {
    const g3 = pcieCeilingMBps(8, 4);
    const g4 = pcieCeilingMBps(16, 4);
    expect(g3).toBeGreaterThan(3500); // fastest Gen3 x4 drives: ~3.5 GB/s
    expect(g3).toBeLessThan(3940);
    expect(g4).toBeGreaterThan(7450); // Samsung 990 PRO: 7.45 GB/s
    expect(g4).toBeLessThan(7880);
    expect(pcieCeilingMBps(8, 2)).toBeCloseTo(g3 / 2, 0);
  });
});

describe('USB ceilings', () => {
  it('USB 2.0 sticks top out near 40 MB/s, USB 3.0 near 450', () => {
    expect(usbCeilingMBps(480)).toBe(40);
    expect(usbCeilingMBps(5000)).toBe(450);
    expect(usbCeilingMBps(10000)).toBeGreaterThan(1000);
  });
});
