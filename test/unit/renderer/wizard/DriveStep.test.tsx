// The Drive step on a captured laptop with a USB stick (test/fixtures/drives/usb-stick): main's
// detection code reads that snapshot, the page shows its disks and checks the folder typed.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSetup } from '../../../../src/renderer/setup-store';
import { useApp } from '../../../../src/renderer/store';
import { DriveStep } from '../../../../src/renderer/wizard/DriveStep';
import { servedBackEnd } from '../seam/back-end';
import { fixtureMachine } from '../seam/fixture-machine';
import { preload } from '../seam/preload-double';

const machine = fixtureMachine('usb-stick', '/home/lee');
// The folder is judged against main's real plan for the wizard's choices and the admin state.
servedBackEnd(() => [], ['bench.plan', 'privileged.status']);
beforeEach(() => {
  preload.serve({
    'drives.list': () => machine.list(),
    'drives.resolve': (r) => machine.resolve(r.path),
  });
  useApp.getState().goTo('drive');
});

const nextButton = () => screen.getByRole('button', { name: 'Next' });

describe('DriveStep', () => {
  it('lists the disks, proposes a folder on the one clicked and allows Next once it checks out', async () => {
    const user = userEvent.setup();
    render(<DriveStep />);
    const cards = within(await screen.findByRole('group', { name: 'Drives' })).getAllByRole(
      'button',
    );
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual([
      'drive-card-sda',
      'drive-card-sdb',
      'drive-card-sdc',
    ]);
    expect(cards[0]!.textContent).toContain('System drive');
    expect(nextButton().hasAttribute('disabled')).toBe(true);

    await user.click(cards[1]!);
    expect(cards[1]!.getAttribute('aria-pressed')).toBe('true');
    const field = screen.getByRole('textbox') as HTMLInputElement;
    expect(field.value).toBe('/media/lee/CRUZER');
    const verdict = await screen.findByTestId('dir-verdict');
    expect(verdict.textContent).toMatch(/^All file tests can run here: vfat on \/dev\/sdb1/);
    expect(nextButton().hasAttribute('disabled')).toBe(false);
    await user.click(nextButton());
    expect(useApp.getState().step).toBe('plan');
    expect(useSetup.getState().targetDir).toBe('/media/lee/CRUZER');
  });

  it('refuses a folder on another disk than the one picked, in one line', async () => {
    const user = userEvent.setup();
    render(<DriveStep />);
    await user.click(await screen.findByTestId('drive-card-sdb'));
    await screen.findByTestId('dir-verdict');
    const field = screen.getByRole('textbox');
    await user.clear(field);
    await user.type(field, '/home/lee{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('dir-verdict').textContent).toBe(
        '/home/lee is on /dev/sda, not on the drive you picked (/dev/sdb).',
      ),
    );
    expect(nextButton().hasAttribute('disabled')).toBe(true);
  });

  it('says why a disk with nothing mounted can only have its raw device read', async () => {
    const user = userEvent.setup();
    render(<DriveStep />);
    await user.click(await screen.findByTestId('drive-card-sdc'));
    expect(
      screen.getByText(/Only read tests of the raw device can run on this drive/),
    ).toBeTruthy();
  });

  it('shows a failed drive listing in one line', async () => {
    preload.serve({
      'drives.list': () => {
        throw new Error('lsblk failed: lsblk: command not found');
      },
    });
    render(<DriveStep />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not list the drives: lsblk failed: lsblk: command not found',
    );
  });
});
