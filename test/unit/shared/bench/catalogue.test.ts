import { describe, expect, it } from 'vitest';
import {
  defaultDdSize,
  parseSize,
  PRESET_PROFILES,
  PROFILE_IDS,
  PROFILES,
  SYNTHETIC_TEST_IDS,
  type Profile,
} from '../../../../src/shared/bench/catalogue';
import { requiredFreeBytes, resolveSettings } from '../../../../src/shared/bench/plan';
import { findModule } from '../../../../src/main/engine/worker/registry';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('bench catalogue', () => {
  it('parses sizes like dd and fio (binary multiples)', () => {
    expect(parseSize('512M')).toBe(512 * MiB);
    expect(parseSize('2G')).toBe(2 * GiB);
    expect(parseSize('64k')).toBe(64 * 1024);
    expect(parseSize('1.5GiB')).toBe(1.5 * GiB);
    expect(parseSize('4096')).toBe(4096);
    expect(() => parseSize('lots')).toThrow(/not a size/);
    expect(() => parseSize('0')).toThrow(/positive/);
  });

  it('dd size is min(2 GiB, 10% of free space)', () => {
    expect(defaultDdSize(100 * GiB, 2 * GiB)).toBe(2 * GiB);
    expect(defaultDdSize(5 * GiB, 2 * GiB)).toBe(Math.floor(0.5 * GiB));
    expect(defaultDdSize(1 * GiB, 256 * MiB)).toBe(Math.floor(0.1 * GiB));
  });

  it('resolves profiles with overrides winning', () => {
    const s = resolveSettings({ profile: 'full', tests: ['seeker'], sizes: { file: 64 * MiB } });
    expect(s.tests).toEqual(['seeker']);
    expect(s.repetitions).toBe(3);
    expect(s.sizes.file).toBe(64 * MiB);
    expect(s.sizes.iozone).toBe(PROFILES.full.sizes.iozone);
    expect(resolveSettings({ profile: 'custom', repetitions: 1 }).sizes).toEqual(
      PROFILES.quick.sizes,
    );
  });

  it('has one profile table: every id with its words, custom on top of quick', () => {
    expect(PROFILE_IDS.map((id) => PROFILES[id].id)).toEqual([...PROFILE_IDS]);
    for (const id of PROFILE_IDS) expect(PROFILES[id].blurb.length).toBeGreaterThan(0);
    expect(PRESET_PROFILES.map((p) => p.id)).toEqual(['quick', 'full']);
    expect(PROFILES.custom.startsFrom).toBe(PROFILES.quick);
  });

  it('requires size + 10% + 1 GiB free', () => {
    expect(requiredFreeBytes(10 * GiB)).toBe(11 * GiB + GiB);
    expect(requiredFreeBytes(100, 0)).toBe(110);
  });

  it('estimates the quick profile within its 2-minute promise and full within 15 minutes', () => {
    const total = (p: Profile) =>
      SYNTHETIC_TEST_IDS.reduce(
        (a, id) =>
          a +
          findModule(id)!.estimateSeconds({ repetitions: p.repetitions, sizes: { ...p.sizes } }),
        0,
      );
    expect(total(PROFILES.quick)).toBeLessThanOrEqual(120);
    expect(total(PROFILES.full)).toBeLessThanOrEqual(15 * 60);
    expect(total(PROFILES.full)).toBeGreaterThan(total(PROFILES.quick));
  });
});
