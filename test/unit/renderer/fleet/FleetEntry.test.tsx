// The fleet view is reached the two ways the issue names: the File menu's entry (a menu.action
// event from main) and the History screen's button; each brings the fleet view up.
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HistoryPanel } from '../../../../src/renderer/history/HistoryPanel';
import { useApp } from '../../../../src/renderer/store';
import { useAppMenu } from '../../../../src/renderer/use-app-menu';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

const { before, after } = capturedPair();
servedBackEnd(() => [before, after], ['runs.list', 'references.list', 'runs.get']);
beforeEach(() => useApp.getState().setView('wizard'));

describe('the way to the fleet view', () => {
  it('File → Rank a fleet of machines… opens it', () => {
    renderHook(() => useAppMenu());
    expect(useApp.getState().view).toBe('wizard');
    act(() => preload.emit('menu.action', { action: 'open-fleet' }));
    expect(useApp.getState().view).toBe('fleet');
  });

  it('History’s "Rank the fleet" opens it', async () => {
    const user = userEvent.setup();
    useApp.getState().setView('history');
    render(<HistoryPanel />);
    await user.click(screen.getByRole('button', { name: 'Rank the fleet' }));
    expect(useApp.getState().view).toBe('fleet');
  });
});
