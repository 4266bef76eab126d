// The Plan step against main's real bench.catalogue and bench.plan on a temp folder: profile
// times, ticking tests in Custom, the size fields in the words of the tests' modules, and a task
// option refused before anything runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSetup } from '../../../../src/renderer/setup-store';
import { useApp } from '../../../../src/renderer/store';
import { PlanStep } from '../../../../src/renderer/wizard/PlanStep';
import { useWizard } from '../../../../src/renderer/wizard/wizard-store';
import { backEnd, type BackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

let be: BackEnd;
let target: string;
beforeAll(async () => {
  be = await backEnd();
  target = mkdtempSync(join(tmpdir(), 'dw-rtl-plan-'));
});
afterAll(() => {
  be.close();
  rmSync(target, { recursive: true, force: true });
});
beforeEach(() => {
  preload.route(be.dispatch, ['bench.catalogue', 'bench.plan']);
  useSetup.setState({ targetDir: target });
  useApp.getState().goTo('plan');
});

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const tests = () => within(screen.getByRole('group', { name: /^Tests/ }));

describe('PlanStep', () => {
  it('shows each profile’s time, and in Custom plans only the tests ticked', async () => {
    const user = userEvent.setup();
    render(<PlanStep />);
    await waitFor(() => expect(nextButton().hasAttribute('disabled')).toBe(false));
    for (const id of ['quick', 'full', 'custom'])
      expect(screen.getByTestId(`plan-time-${id}`).textContent).toMatch(/^≈ /);
    const boxes = tests().getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.every((b) => b.disabled)).toBe(true);
    // The tools are one click away on a preset profile, open where the person picks them.
    const details = () => screen.getByTestId('plan-tests-summary').closest('details')!;
    expect(details().open).toBe(false);
    expect(screen.getByTestId('plan-tests-summary').textContent).toMatch(
      /^What it measures: \d+ tests/,
    );

    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    await waitFor(() =>
      expect(tests().getAllByRole('checkbox')[0]!.hasAttribute('disabled')).toBe(false),
    );
    expect(details().open).toBe(true);
    const ticked = () =>
      (tests().getAllByRole('checkbox') as HTMLInputElement[]).filter((b) => b.checked).length;
    const before = ticked();
    const box = tests()
      .getAllByRole('checkbox')
      .find((b) => (b as HTMLInputElement).checked)!;
    const label = box.closest('label')!;
    expect(label.textContent).toContain('≈');
    await user.click(box);
    expect(ticked()).toBe(before - 1);
    expect(useWizard.getState().tests).toHaveLength(before - 1);
    // main's plan for the new choice leaves the test out: its time goes from the label.
    await waitFor(() => expect(label.textContent).not.toContain('≈'));
  });

  it('in Custom, each size field carries the words its test’s module gives it', async () => {
    const user = userEvent.setup();
    render(<PlanStep />);
    await user.click(await screen.findByRole('radio', { name: /Custom/ }));
    const file = (await screen.findByLabelText('Read test file (MiB)')) as HTMLInputElement;
    expect(Number(file.value)).toBe(1024);
    expect(screen.getByLabelText('Time limit of one measured phase (s)')).toBeTruthy();
    // Custom starts from quick, which runs bonnie++ -n 0: the field says what its 0 means.
    const files = screen.getByLabelText(
      'Small files to create (bonnie++), 0 skips it (thousand files)',
    );
    expect((files as HTMLInputElement).value).toBe('0');
    expect(screen.getByLabelText('Source tree to unpack (tar), unpacked size (MiB)')).toBeTruthy();
  });

  it('keeps Next live when the probe ends: the new rates change the times, not the choices', async () => {
    useSetup.setState({ rates: null, ratesFor: null, probing: target });
    render(<PlanStep />);
    await waitFor(() => expect(nextButton().hasAttribute('disabled')).toBe(false));
    const time = () => screen.getByTestId('plan-time-quick').textContent;
    const before = time();
    // A drive 100× slower than the default rates, as a throttled disk's probe answers.
    act(() =>
      useSetup.setState({
        rates: { seqBps: 3 * 1024 * 1024, iops: 30, cpu: 1 },
        ratesFor: target,
        probing: null,
      }),
    );
    // The same render as the new rates: a click at that moment still reaches Next.
    expect(nextButton().hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(time()).not.toBe(before));
    expect(nextButton().hasAttribute('disabled')).toBe(false);
    useSetup.setState({ rates: null, ratesFor: null });
  });

  it('refuses a tarball that does not exist in one line and holds Next', async () => {
    const user = userEvent.setup();
    render(<PlanStep />);
    await waitFor(() => expect(nextButton().hasAttribute('disabled')).toBe(false));
    const missing = join(target, 'no-such.tar.gz');
    await user.type(screen.getByPlaceholderText('/home/you/linux-6.8.tar.xz'), missing);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(missing);
    expect(alert.textContent).not.toMatch(/\n/);
    expect(nextButton().hasAttribute('disabled')).toBe(true);
  });
});
