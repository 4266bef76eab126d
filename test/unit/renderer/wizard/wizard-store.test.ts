import { describe, expect, it } from 'vitest';
import { choicesOfRun, taskOptions } from '../../../../src/renderer/wizard/wizard-store';

const base = {
  duRoot: 'usr' as const,
  compression: 'gzip' as const,
  systemDu: false,
  tarball: '',
  apps: '',
};

describe('the Plan step task options', () => {
  it('defaults: du walks /usr, a generated gzip tarball, no apps option (firefox, libreoffice)', () => {
    expect(taskOptions(base)).toEqual({
      'task.du': { duRoot: 'usr' },
      'task.unpack': { compression: 'gzip' },
    });
  });

  it('passes the system du, a picked tarball (trimmed) and the named apps', () => {
    expect(
      taskOptions({
        duRoot: 'home',
        compression: 'xz',
        systemDu: true,
        tarball: '  /home/you/linux-6.8.tar.xz ',
        apps: 'firefox, gimp,, firefox , /opt/x/bin/app',
      }),
    ).toEqual({
      'task.du': { duRoot: 'home', systemDu: true },
      'task.unpack': { compression: 'xz', tarball: '/home/you/linux-6.8.tar.xz' },
      'task.app-start': { apps: ['firefox', 'gimp', '/opt/x/bin/app'] },
    });
  });

  it('blank text fields mean the defaults', () => {
    const o = taskOptions({ ...base, tarball: '   ', apps: ' , ,' });
    expect(o['task.unpack']).toEqual({ compression: 'gzip' });
    expect(o['task.app-start']).toBeUndefined();
  });
});

describe("the baseline's task choices in the Plan step's fields", () => {
  it('du root, system du and apps from the run settings', () => {
    const options = {
      'task.du': { duRoot: 'home', systemDu: true },
      'task.app-start': { apps: ['gimp'] },
    };
    expect(
      choicesOfRun({ profile: 'quick', tests: [], repetitions: 1, sizes: {}, options }),
    ).toEqual({
      duRoot: 'home',
      systemDu: true,
      tarball: '',
      apps: 'gimp',
    });
  });
});
