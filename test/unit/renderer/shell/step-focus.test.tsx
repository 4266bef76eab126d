// The wizard's step change: back to the top, focus on the new step's heading (not on first paint).
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStepFocus } from '../../../../src/renderer/use-step-focus';

function Shell({ step }: { step: string }) {
  useStepFocus(step);
  return (
    <main id="main">
      <button type="button">Next</button>
      <h2>{step === 'a' ? 'Which drive are you replacing?' : 'Plan the measurement'}</h2>
    </main>
  );
}

describe('useStepFocus', () => {
  it('leaves focus alone on first paint, then scrolls to the top and focuses the heading', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { rerender, getByRole } = render(<Shell step="a" />);
    getByRole('button').focus();
    expect(scroll).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(getByRole('button'));
    rerender(<Shell step="b" />);
    const h = getByRole('heading', { name: 'Plan the measurement' });
    expect(document.activeElement).toBe(h);
    expect(h.getAttribute('tabindex')).toBe('-1');
    expect(scroll).toHaveBeenCalledWith({ top: 0, left: 0 });
    scroll.mockRestore();
  });
});
