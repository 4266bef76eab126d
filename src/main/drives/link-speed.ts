// Link speed → throughput ceiling. Pure: the verdict uses these to say "your SATA II link caps
// this SSD at ~279 MB/s". All ceilings are MB/s (10^6 bytes/s) of payload a drive can move.

/** Share of the coded payload rate left after framing/protocol overhead, per bus. */
export const LINK_EFFICIENCY = {
  // SATA FIS headers, CRC, primitives: real SATA III SSDs top out near 550–560 MB/s of 600.
  sata: 0.93,
  // PCIe TLP/DLLP overhead at 256-byte payloads (~5 %): Gen4 x4 drives reach ~7.4 GB/s of 7.88.
  pcie: 0.95,
  // USB mass storage (UAS) on SuperSpeed links; USB 2.0 bulk-only is far worse (see usbCeiling).
  usb: 0.9,
} as const;

export interface SataLink {
  gbps: number;
  /** 1, 2 or 3 (SATA I/II/III). */
  generation: number;
}

/** Parses the kernel's "3.0 Gbps" / smartctl's "6.0 Gb/s"; null for "<unknown>" (link down). */
export function parseSataSpeed(text: string | null | undefined): SataLink | null {
  const m = /([\d.]+)\s*Gb(?:ps|\/s)/i.exec(text ?? '');
  if (!m) return null;
  const gbps = Number(m[1]);
  if (!(gbps > 0)) return null;
  const generation = gbps <= 1.5 ? 1 : gbps <= 3 ? 2 : 3;
  return { gbps, generation };
}

/** Raw payload rate of a SATA line: 8b/10b coding, so 10 line bits per byte. */
export function sataRawMBps(gbps: number): number {
  return (gbps * 1000) / 10;
}

/** Realistic usable SATA ceiling: 1.5 → ~140, 3.0 → ~279, 6.0 → ~558 MB/s. */
export function sataCeilingMBps(gbps: number): number {
  return round1(sataRawMBps(gbps) * LINK_EFFICIENCY.sata);
}

/** PCIe generation from the per-lane transfer rate. */
export function pcieGeneration(gts: number): number {
  if (gts <= 2.5) return 1;
  if (gts <= 5) return 2;
  if (gts <= 8) return 3;
  if (gts <= 16) return 4;
  if (gts <= 32) return 5;
  return 6;
}

/** Parses "8 GT/s" (older kernels) and "16.0 GT/s PCIe" (newer); null for "Unknown". */
export function parsePcieSpeed(text: string | null | undefined): number | null {
  const m = /([\d.]+)\s*GT\/s/i.exec(text ?? '');
  if (!m) return null;
  const gts = Number(m[1]);
  return gts > 0 ? gts : null;
}

/** Payload bytes per line bit: 8b/10b up to Gen2, 128b/130b from Gen3 (Gen6's FLIT ~ 242/256). */
export function pcieCodingEfficiency(gts: number): number {
  const gen = pcieGeneration(gts);
  if (gen <= 2) return 8 / 10;
  if (gen <= 5) return 128 / 130;
  return 242 / 256;
}

/** Raw payload rate per lane in MB/s: Gen1 250, Gen2 500, Gen3 ~985, Gen4 ~1969, Gen5 ~3938. */
export function pcieLaneRawMBps(gts: number): number {
  return (gts * 1000 * pcieCodingEfficiency(gts)) / 8;
}

/** Realistic usable ceiling of a PCIe link: Gen3 x4 ≈ 3742, Gen4 x4 ≈ 7483 MB/s. */
export function pcieCeilingMBps(gts: number, width: number): number {
  return round1(pcieLaneRawMBps(gts) * Math.max(1, width) * LINK_EFFICIENCY.pcie);
}

/**
 * USB ceiling from the device's negotiated speed in Mb/s (sysfs `speed`): 480 → ~40 MB/s (bulk-only
 * transport on USB 2.0 rarely beats that), 5000 → 450 (8b/10b), 10000 → ~1091 (128b/132b).
 */
export function usbCeilingMBps(mbps: number): number {
  if (mbps <= 12) return round1((mbps / 8) * 0.7);
  if (mbps <= 480) return 40;
  const coding = mbps <= 5000 ? 8 / 10 : 128 / 132;
  return round1(((mbps * coding) / 8) * LINK_EFFICIENCY.usb);
}

export function usbLabel(mbps: number): string {
  if (mbps <= 12) return 'USB 1.1';
  if (mbps <= 480) return 'USB 2.0 (480 Mb/s)';
  if (mbps <= 5000) return 'USB 3.0 (5 Gb/s)';
  if (mbps <= 10000) return 'USB 3.1 Gen 2 (10 Gb/s)';
  return `USB 3.2 (${mbps / 1000} Gb/s)`;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
