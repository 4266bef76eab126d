import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineProfile } from '../../../../src/main/drives/index';
import { sessionOf } from '../../../../src/main/drives/machine';
import { FIXTURES } from './fixture';

describe('machineProfile', () => {
  it('reads CPU, threads, RAM, kernel and distribution from the root it is given', () => {
    const m = machineProfile({
      root: join(FIXTURES, 'nvme-gen4'),
      env: { XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'GNOME' },
    });
    expect(m).toEqual({
      hostname: 'fedora',
      cpuModel: 'AMD Ryzen 7 5800X 8-Core Processor',
      cpuCores: 16,
      ramBytes: 32768000 * 1024,
      kernel: '6.5.6-300.fc39.x86_64',
      distro: 'Fedora Linux 39 (Workstation Edition)',
      session: 'wayland (GNOME)',
    });
  });
  it('describes the session from what the environment offers', () => {
    expect(sessionOf({})).toBeNull();
    expect(sessionOf({ DISPLAY: ':0' })).toBe('x11');
    expect(sessionOf({ XDG_SESSION_TYPE: 'tty' })).toBe('tty');
  });
});
