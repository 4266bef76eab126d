// The Swap step: the two ways to move to the new drive, and going on once it is swapped.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../src/renderer/store';
import { SwapStep } from '../../../../src/renderer/wizard/SwapStep';

describe('SwapStep', () => {
  it('switches the checklist between cloning and a fresh install, then moves on', async () => {
    const user = userEvent.setup();
    useApp.getState().goTo('swap');
    render(<SwapStep />);
    const clone = screen.getByRole('radio', { name: /Clone the old drive/ }) as HTMLInputElement;
    const fresh = screen.getByRole('radio', { name: /Fresh install/ }) as HTMLInputElement;
    expect(clone.checked).toBe(true);
    const cloneText = document.body.textContent;
    await user.click(fresh);
    expect(fresh.checked).toBe(true);
    expect(document.body.textContent).not.toBe(cloneText);
    await user.click(screen.getByRole('button', { name: 'I have swapped the drive' }));
    expect(useApp.getState().step).toBe('measure-after');
  });
});
