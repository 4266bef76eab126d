// The Welcome step: Start, and on a fresh system the way in through a saved baseline file, read
// by main's real import of a captured run file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../../../../src/renderer/store';
import { WelcomeStep } from '../../../../src/renderer/wizard/WelcomeStep';
import { useWizard } from '../../../../src/renderer/wizard/wizard-store';
import { backEnd, capturedPair, type BackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

const { before, after } = capturedPair();
let be: BackEnd;
let files: string;
beforeAll(async () => {
  be = await backEnd();
  files = mkdtempSync(join(tmpdir(), 'dw-rtl-welcome-'));
  writeFileSync(join(files, 'baseline.json'), JSON.stringify(before));
  writeFileSync(join(files, 'after.json'), JSON.stringify(after));
});
afterAll(() => {
  be.close();
  rmSync(files, { recursive: true, force: true });
});
beforeEach(() => preload.route(be.dispatch, ['runs.list', 'runs.importFile']));

describe('WelcomeStep', () => {
  it('Start moves to the Drive step', async () => {
    const user = userEvent.setup();
    render(<WelcomeStep />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(useApp.getState().step).toBe('drive');
  });

  it('opens the baseline-file way in on an empty history and refuses a file that is no baseline', async () => {
    const user = userEvent.setup();
    render(<WelcomeStep />);
    const box = screen.getByTestId('continue-from-file');
    await waitFor(() => expect(box.hasAttribute('open')).toBe(true));
    await user.type(screen.getByLabelText('Baseline file'), join(files, 'after.json'));
    await user.click(screen.getByRole('button', { name: 'Continue from this baseline' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/holds a "after" run, not a baseline/);
    expect(useApp.getState().step).toBe('welcome');
  });

  it('continues at Measure again with the baseline from its file', async () => {
    const user = userEvent.setup();
    render(<WelcomeStep />);
    const path = join(files, 'baseline.json');
    await user.type(screen.getByLabelText('Baseline file'), path);
    await user.click(screen.getByRole('button', { name: 'Continue from this baseline' }));
    await waitFor(() => expect(useApp.getState().step).toBe('measure-after'));
    expect(useWizard.getState().beforeRunId).toBe(before.id);
    expect(useWizard.getState().baselineFile).toBe(path);
    expect((await be.services.runs.load(before.id)).tests).toHaveLength(before.tests.length);
  });
});
