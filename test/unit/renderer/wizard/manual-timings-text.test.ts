import { describe, expect, it } from 'vitest';
import {
  loginStatusText,
  parseSeconds,
  STOPWATCH_KIND_CHOICES,
} from '../../../../src/renderer/wizard/manual-timings-text';
import { TASK_KINDS } from '../../../../src/shared/prediction/task-kinds';
import { describeForm } from '../../../../src/shared/prediction/model-form';

const base = { armed: true, entryPath: '/h/.config/autostart/x.desktop', pending: 0 };

describe('login timing status line', () => {
  it('names the run the logins are added to, or says they go elsewhere', () => {
    expect(loginStatusText(null, 'r1')).toBe('…');
    expect(loginStatusText({ ...base, armed: false, target: null }, 'r1')).toMatch(
      /^Timing is off\. Once on, each login is added to this run/,
    );
    expect(
      loginStatusText(
        { ...base, pending: 2, target: { runId: 'r1', label: 'WDC — before run' } },
        'r1',
      ),
    ).toBe(
      'Timing is on: your next logins will be added to “WDC — before run”. 2 logins waiting to be stored.',
    );
    expect(
      loginStatusText({ ...base, target: { runId: 'r0', label: 'WDC — before run' } }, 'r1'),
    ).toBe('Timing is on, but your logins go to “WDC — before run”, not to this run.');
    // Armed for a run since deleted, or from the CLI without a run: a run of their own.
    for (const target of [{ runId: 'gone', label: null }, null])
      expect(loginStatusText({ ...base, target }, 'r1')).toMatch(/stored as a run of their own/);
  });

  it('parses stopwatch timings in seconds or m:ss', () => {
    expect(parseSeconds('27, 26.5 1:05')).toEqual([27, 26.5, 65]);
    expect(parseSeconds('soon')).toBeNull();
  });
});

describe('stopwatch kind hints', () => {
  it("say what the prediction assumes: boot's processor part by its fitted form, a share for the rest", () => {
    const hint = (k: string) => STOPWATCH_KIND_CHOICES.find((c) => c.kind === k)!.hint;
    // The figures are the published-case fit's (fitted.ts), so a refit does not break this test.
    expect(hint('boot')).toContain(
      `it spends ${describeForm(TASK_KINDS.boot.model)} whatever the drive; the rest waits`,
    );
    expect(hint('boot')).not.toMatch(/%/);
    const disk = Math.round(TASK_KINDS.build.ioShare * 100);
    expect(hint('build')).toContain(`about ${disk} % of it is disk time on a hard disk`);
  });
});
