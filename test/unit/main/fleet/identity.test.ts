import { describe, expect, it } from 'vitest';
import {
  checkInventoryName,
  hostIdentity,
  parseMachineId,
} from '../../../../src/main/fleet/identity';

describe('host identity', () => {
  it('reads the machine id from /etc/machine-id, else dbus', () => {
    const files: Record<string, string> = {
      '/var/lib/dbus/machine-id': '3D1219C7C4C5404AAA1F6D2A48ADFDA4\n',
    };
    expect(hostIdentity('lab-01', (p) => files[p] ?? null)).toEqual({
      inventoryName: 'lab-01',
      machineId: '3d1219c7c4c5404aaa1f6d2a48adfda4',
    });
    expect(hostIdentity(undefined, () => null)).toEqual({});
  });

  it('refuses what is not a machine id or an inventory name', () => {
    expect(parseMachineId('uninitialized\n')).toBeUndefined();
    expect(parseMachineId('')).toBeUndefined();
    expect(checkInventoryName('  web-01 ')).toBe('web-01');
    expect(checkInventoryName('')).toBeUndefined();
    expect(() => checkInventoryName('a\nb')).toThrow(/--host-name/);
    expect(() => checkInventoryName('x'.repeat(201))).toThrow(/200/);
  });
});
