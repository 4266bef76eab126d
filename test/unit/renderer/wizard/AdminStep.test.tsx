// The Admin step against main's real privilege manager: the password dialog is dismissed
// (sudo-prompt's own refusal message), as when a person cancels it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultManagerDeps,
  PrivilegedManager,
  type ManagerDeps,
} from '../../../../src/main/privileged/manager';
import { useApp } from '../../../../src/renderer/store';
import { AdminStep } from '../../../../src/renderer/wizard/AdminStep';
import { backEnd, type BackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

// An account that is not root, with polkit there to ask; the person closes the dialog.
const dismissed: ManagerDeps = {
  ...defaultManagerDeps(false),
  uid: 1000,
  availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec will ask' }),
  sudoExec: (_cmd, done) => setTimeout(() => done(new Error('User did not grant permission.')), 20),
};

let be: BackEnd;
beforeEach(async () => {
  be = await backEnd([], { privileged: new PrivilegedManager(dismissed) });
  preload.route(be.dispatch, ['privileged.status', 'privileged.request', 'privileged.release']);
  useApp.getState().goTo('admin');
});
afterEach(() => be.close());

describe('AdminStep', () => {
  it('asks, shows the dismissed dialog as Declined, offers to ask again and goes on without', async () => {
    const user = userEvent.setup();
    render(<AdminStep />);
    const grant = await screen.findByRole('button', { name: 'Grant admin rights' });
    await waitFor(() => expect(grant.hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('status').textContent).toContain('Not asked yet');
    await user.click(grant);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Declined'));
    expect(screen.getByRole('button', { name: 'Ask again' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue without' }));
    expect(useApp.getState().step).toBe('measure-before');
  });
});
