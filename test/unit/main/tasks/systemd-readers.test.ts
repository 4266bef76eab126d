import { describe, expect, it } from 'vitest';
import {
  bootSeconds,
  monotonicUs,
  parseAnalyzeTime,
  parseBlame,
  parseProperties,
  parseTimespan,
} from '../../../../src/main/tasks/systemd-readers';
import { fixture } from './fixture';

describe('parseTimespan', () => {
  it('reads systemd timespans', () => {
    expect(parseTimespan('26.958s')).toBe(26.958);
    expect(parseTimespan('1min 2.345s')).toBe(62.345);
    expect(parseTimespan('812ms')).toBe(0.812);
    expect(parseTimespan('912us')).toBe(0.000912);
    expect(parseTimespan('1h 2min 3s')).toBe(3723);
    expect(parseTimespan('soon')).toBeNull();
    expect(parseTimespan('3s later')).toBeNull();
  });
});

describe('parseAnalyzeTime', () => {
  it('reads a UEFI boot with firmware and loader', () => {
    const r = parseAnalyzeTime(fixture('systemd-analyze-time-uefi.txt'));
    expect(r.available).toBe(true);
    if (!r.available) return;
    expect(r.value).toEqual({
      firmware: 7.035,
      loader: 3.115,
      kernel: 2.478,
      initrd: 4.512,
      userspace: 9.816,
      total: 26.958,
      target: { unit: 'graphical.target', seconds: 9.8 },
    });
    expect(bootSeconds(r.value)).toBeCloseTo(26.94, 6);
  });

  it('reads a BIOS boot with minutes and no initrd', () => {
    const r = parseAnalyzeTime(fixture('systemd-analyze-time-bios.txt'));
    if (!r.available) throw new Error(r.reason);
    expect(r.value.kernel).toBe(4.201);
    expect(r.value.userspace).toBe(62.345);
    expect(r.value.total).toBe(66.546);
    expect(r.value.firmware).toBeUndefined();
    expect(bootSeconds(r.value)).toBeCloseTo(4.201 + 58.12, 6);
  });

  it('reads a server reaching multi-user.target, with ms', () => {
    const r = parseAnalyzeTime(fixture('systemd-analyze-time-server.txt'));
    if (!r.available) throw new Error(r.reason);
    expect(r.value.initrd).toBe(0.812);
    expect(r.value.target).toEqual({ unit: 'multi-user.target', seconds: 5.277 });
  });

  it('says not available without systemd (captured on this machine)', () => {
    const r = parseAnalyzeTime('', fixture('systemd-analyze-time-nosystemd.stderr.txt'));
    expect(r).toEqual({ available: false, reason: 'this system was not booted with systemd' });
  });

  it('says the boot is not finished yet', () => {
    const r = parseAnalyzeTime(fixture('systemd-analyze-time-unfinished.txt'));
    expect(r.available).toBe(false);
    if (!r.available) expect(r.reason).toMatch(/not finished/);
  });
});

describe('parseBlame', () => {
  it('lists units slowest first, with minutes, ms and us', () => {
    const rows = parseBlame(fixture('systemd-analyze-blame.txt'));
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({ unit: 'plymouth-quit-wait.service', seconds: 64.811 });
    expect(rows[1]).toEqual({ unit: 'NetworkManager-wait-online.service', seconds: 12.302 });
    expect(rows.find((r) => r.unit === 'boot-efi.mount')?.seconds).toBe(0.038);
    expect(rows.at(-1)).toEqual({ unit: 'sys-kernel-tracing.mount', seconds: 0.000912 });
  });
  it('is empty for no output', () => expect(parseBlame('')).toEqual([]));
});

describe('loginctl properties', () => {
  it('reads TimestampMonotonic in µs', () => {
    const p = parseProperties(fixture('loginctl-show-session.txt'));
    expect(monotonicUs(p, 'TimestampMonotonic')).toBe(27381922044n);
  });
  it('treats 0 and missing as unknown', () => {
    expect(monotonicUs(parseProperties('TimestampMonotonic=0\n'), 'TimestampMonotonic')).toBeNull();
    expect(
      monotonicUs(
        parseProperties(fixture('loginctl-show-session-nosystemd.stderr.txt')),
        'TimestampMonotonic',
      ),
    ).toBeNull();
  });
});
