import { describe, expect, it } from 'vitest';
import { overOptions, planOfRun } from '../../../../src/shared/bench/repeat-plan';

describe('the after-run repeats the baseline plan (Measure again and bench --baseline)', () => {
  const settings = {
    profile: 'quick',
    tests: ['hdparm.buffered', 'task.du'],
    repetitions: 3,
    sizes: { file: 1024, dd: 2048, 'task.appStarts': 0 },
    options: {
      'task.du': { duRoot: 'home', systemDu: true },
      'task.app-start': { apps: ['gimp'] },
    },
  };
  const measured = { settings, source: { kind: 'measured' as const } };

  it('takes profile, tests, repetitions, sizes and task options from the run settings', () => {
    expect(planOfRun(measured)).toEqual({
      // The apps to start are planned again where the run goes: not a size to repeat.
      plan: {
        profile: 'quick',
        tests: settings.tests,
        repetitions: 3,
        sizes: { file: 1024, dd: 2048 },
      },
      options: settings.options,
    });
  });

  it('an unknown profile name runs as custom with the same list; a run with no plan repeats nothing', () => {
    expect(
      planOfRun({ ...measured, settings: { ...settings, profile: 'reference' } })?.plan.profile,
    ).toBe('custom');
    expect(planOfRun({ ...measured, settings: { ...settings, tests: [] } })).toBeNull();
    expect(planOfRun({ settings, source: { kind: 'imported' } })).toBeNull();
  });

  it('task flags given now win over the baseline’s, test by test', () => {
    expect(overOptions(settings.options, { 'task.du': { duRoot: 'usr' } })).toEqual({
      'task.du': { duRoot: 'usr', systemDu: true },
      'task.app-start': { apps: ['gimp'] },
    });
    expect(overOptions(settings.options, undefined)).toEqual(settings.options);
  });
});
