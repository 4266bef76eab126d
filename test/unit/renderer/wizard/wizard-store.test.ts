import { describe, expect, it } from 'vitest';
import { choicesOfRun, planOfRun, taskOptions } from '../../../../src/renderer/wizard/wizard-store';

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

describe('the after-run repeats the baseline plan', () => {
  const settings = {
    profile: 'quick',
    tests: ['hdparm.buffered', 'task.du'],
    repetitions: 3,
    sizes: { file: 1024, dd: 2048 },
    options: {
      'task.du': { duRoot: 'home', systemDu: true },
      'task.app-start': { apps: ['gimp'] },
    },
  };
  it('takes profile, tests, repetitions, sizes and task options from the run settings', () => {
    expect(planOfRun(settings)).toEqual({
      plan: { profile: 'quick', tests: settings.tests, repetitions: 3, sizes: settings.sizes },
      options: settings.options,
    });
    expect(choicesOfRun(settings)).toEqual({
      duRoot: 'home',
      systemDu: true,
      tarball: '',
      apps: 'gimp',
    });
  });
  it('an unknown profile name runs as custom with the same list', () => {
    expect(planOfRun({ ...settings, profile: 'reference' }).plan.profile).toBe('custom');
  });
});
