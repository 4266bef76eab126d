import { describe, expect, it } from 'vitest';
import {
  mergeIdentify,
  parseHdparmIdentify,
  parseSmartctlJson,
} from '../../../../src/main/drives/identify';
import { detectFixture, identifyFixture } from './fixture';

describe('parseSmartctlJson', () => {
  it('reads a SATA HDD: rotation rate, SATA generation, no TRIM', () => {
    const id = parseSmartctlJson(identifyFixture('smartctl-hdd-samsung-hd204ui.json'));
    expect(id).toMatchObject({
      protocol: 'ata',
      model: 'SAMSUNG HD204UI',
      serial: 'S2H7J9FB203635',
      firmware: '1AQ10001',
      capacityBytes: 2000398934016,
      rotationRpm: 5400,
      trim: false,
      sataVersion: 'SATA 2.6',
      linkMax: '3.0 Gb/s',
      linkCurrent: null,
      smartPassed: true,
      error: null,
    });
  });
  it('reads a SATA SSD with TRIM and the current link', () => {
    const id = parseSmartctlJson(identifyFixture('smartctl-ssd-kingston-sv300.json'));
    expect(id).toMatchObject({
      model: 'KINGSTON SV300S37A240G',
      rotationRpm: 0,
      trim: true,
      linkMax: '6.0 Gb/s',
      linkCurrent: '6.0 Gb/s',
      family: 'SandForce Driven SSDs',
    });
  });
  it('treats NVMe as solid state and takes its total capacity', () => {
    const id = parseSmartctlJson(identifyFixture('smartctl-nvme-toshiba-kxg6.json'));
    expect(id).toMatchObject({
      protocol: 'nvme',
      model: 'KXG6AZNV512G TOSHIBA',
      firmware: '5108AGLA',
      capacityBytes: 512110190592,
      rotationRpm: 0,
    });
  });
  it("reports smartctl's own words when it cannot identify the device (virtio)", () => {
    const id = parseSmartctlJson(identifyFixture('smartctl-unknown-device.json'));
    expect(id.error).toBe('/dev/vda: Unable to detect device type');
    expect(id.model).toBeNull();
  });
  it('rejects text that is not smartctl JSON', () => {
    expect(() => parseSmartctlJson('Device Model: X')).toThrow(/not smartctl JSON/);
    expect(() => parseSmartctlJson('{"a":1}')).toThrow(/no "smartctl" section/);
  });
});

describe('parseHdparmIdentify', () => {
  const text = identifyFixture('hdparm-I-ssd-wdc-wds120g1g0a.txt');
  it('reads model, serial, firmware, sectors, capacity, rotation, TRIM, SATA generation', () => {
    expect(parseHdparmIdentify(text)).toMatchObject({
      source: 'hdparm',
      model: 'WDC WDS120G1G0A-00SS50',
      serial: '171301A00E4C',
      firmware: 'Z3311000',
      logicalSectorBytes: 512,
      physicalSectorBytes: 512,
      capacityBytes: 234441648 * 512,
      rotationRpm: 0,
      trim: true,
      linkMax: '6.0 Gb/s',
      sataVersion: 'SATA 3.0',
    });
  });
  it('sees no TRIM and a spindle speed when the drive says so', () => {
    const hdd = text
      .replace('Solid State Device', '7200')
      .replace(/^.*TRIM supported.*$/m, '')
      .replace(/^.*Gen3 signaling.*$/m, '');
    expect(parseHdparmIdentify(hdd)).toMatchObject({
      rotationRpm: 7200,
      trim: false,
      linkMax: '3.0 Gb/s',
    });
  });
  it('rejects an error message instead of output', () => {
    expect(() => parseHdparmIdentify('/dev/vda: Operation not permitted')).toThrow(/hdparm -I/);
  });
});

describe('mergeIdentify', () => {
  it("adds the drive's own SATA III capability next to the SATA II port it sits on", async () => {
    const [sda] = await detectFixture('sata-ssd-sata2');
    const merged = mergeIdentify(
      sda!,
      parseHdparmIdentify(identifyFixture('hdparm-I-ssd-wdc-wds120g1g0a.txt')),
    );
    expect(merged.link?.ceilingMBps).toBe(sda!.link?.ceilingMBps);
    expect(merged.link?.deviceMax).toBe('6.0 Gb/s');
    expect(merged.link?.deviceMaxCeilingMBps).toBeGreaterThan(2 * merged.link!.ceilingMBps! - 1);
    expect(merged.firmware).toBe('1000'); // /sys already knew a revision: kept
    expect(merged.rpm).toBe(0);
  });
  it('turns a "rotational" disk into an SSD when the drive reports solid state', async () => {
    const [sda] = await detectFixture('sata-hdd-3g');
    const ssd = parseSmartctlJson(identifyFixture('smartctl-ssd-kingston-sv300.json'));
    const merged = mergeIdentify(sda!, ssd);
    expect(merged.kind).toBe('sata-ssd');
    expect(merged.kindEvidence.at(-1)).toMatch(/solid state/);
    expect(sda!.kind).toBe('hdd'); // input untouched
  });
  it('records rpm and health for an HDD and ignores a failed identify', async () => {
    const [sda] = await detectFixture('sata-hdd-3g');
    const merged = mergeIdentify(
      sda!,
      parseSmartctlJson(identifyFixture('smartctl-hdd-samsung-hd204ui.json')),
    );
    expect(merged).toMatchObject({ kind: 'hdd', rpm: 5400, smartHealthy: true });
    const failed = parseSmartctlJson(identifyFixture('smartctl-unknown-device.json'));
    expect(mergeIdentify(sda!, failed)).toBe(sda);
  });
});
