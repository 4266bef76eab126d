// The set-up check step on the captured cloned, misaligned drive: main's health checks build the
// report from that snapshot; the step runs on open, and again for the folder typed.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HealthStep } from '../../../../src/renderer/health/HealthStep';
import type { HealthReport } from '../../../../src/shared/contract/health';
import { useVerdict } from '../../../../src/renderer/verdict/verdict-store';
import { clonedMisalignedHealth } from '../../../e2e/fixture-runs';
import { preload } from '../seam/preload-double';

let report: HealthReport;
beforeAll(async () => {
  report = await clonedMisalignedHealth();
});
beforeEach(() =>
  preload.serve({
    'health.check': (req) => ({ report, savedTo: req.runId ? `${req.runId}.json` : null }),
  }),
);

const checksShown = () =>
  [...document.querySelectorAll('[data-check]')].map((li) => [
    li.getAttribute('data-check'),
    li.getAttribute('data-status'),
  ]);

describe('HealthStep', () => {
  it('checks at once on open, into the after-run, and shows every check with its status', async () => {
    useVerdict.setState({ beforeId: 'old', afterId: 'new-run' });
    render(<HealthStep />);
    await screen.findByText('Saved with the after-run new-run.');
    expect(preload.calls).toEqual([{ channel: 'health.check', payload: { runId: 'new-run' } }]);
    expect(checksShown()).toEqual(report.checks.map((c) => [c.id, c.status]));
    const fails = report.checks.filter((c) => c.status === 'fail');
    expect(fails.length).toBeGreaterThan(0);
    expect(screen.getAllByText('Fix this').length).toBeGreaterThanOrEqual(fails.length);
  });

  it('checks the folder typed when asked again, and shows a refusal in one line', async () => {
    const user = userEvent.setup();
    render(<HealthStep />);
    const again = await screen.findByRole('button', { name: 'Check again' });
    preload.serve({
      'health.check': () => {
        throw new Error('/mnt/nope: no such directory');
      },
    });
    await user.type(
      screen.getByRole('textbox', { name: /Folder on the drive to check/ }),
      '/mnt/nope',
    );
    await user.click(again);
    expect((await screen.findByRole('alert')).textContent).toBe('/mnt/nope: no such directory');
    expect(preload.calls.at(-1)).toEqual({
      channel: 'health.check',
      payload: { path: '/mnt/nope' },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Check again' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });
});
