// The Save-baseline step on the captured laptop with a USB stick: the stick is proposed, a place
// on the drive being replaced is warned about, and the file is written by main's real export.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSetup } from '../../../../src/renderer/setup-store';
import { useApp } from '../../../../src/renderer/store';
import { BaselineStep } from '../../../../src/renderer/wizard/BaselineStep';
import { useWizard } from '../../../../src/renderer/wizard/wizard-store';
import { backEnd, capturedPair, VERDICT_CHANNELS, type BackEnd } from '../seam/back-end';
import { fixtureMachine } from '../seam/fixture-machine';
import { preload } from '../seam/preload-double';

const { before } = capturedPair();
const machine = fixtureMachine('usb-stick', '/home/lee');
let be: BackEnd;
let out: string;
beforeAll(async () => {
  be = await backEnd([before]);
  out = mkdtempSync(join(tmpdir(), 'dw-rtl-baseline-'));
});
afterAll(() => {
  be.close();
  rmSync(out, { recursive: true, force: true });
});
beforeEach(async () => {
  preload.route(be.dispatch, ['runs.exportFile', ...VERDICT_CHANNELS]);
  preload.serve({
    'drives.list': () => machine.list(),
    'drives.resolve': (r) => machine.resolve(r.path),
  });
  const system = (await machine.list()).drives.find((d) => d.path === '/dev/sda')!;
  useSetup.setState({ drive: system, targetDir: '/home/lee' });
  useWizard.setState({ beforeRunId: before.id });
  useApp.getState().goTo('baseline');
});

describe('BaselineStep', () => {
  it('proposes a file on the USB stick, not on the drive being replaced', async () => {
    render(<BaselineStep />);
    const field = screen.getByRole('textbox', { name: 'Save to' }) as HTMLInputElement;
    await waitFor(() =>
      expect(field.value).toMatch(
        /^\/media\/lee\/CRUZER\/drivewise-baseline-\d{4}-\d\d-\d\d\.json$/,
      ),
    );
    expect(screen.queryByTestId('baseline-warning')).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip (keep it in history only)' })).toBeTruthy();
  });

  it('warns about a place on the old drive, saves there when asked anyway, then moves on', async () => {
    const user = userEvent.setup();
    render(<BaselineStep />);
    const field = screen.getByRole('textbox', { name: 'Save to' });
    await waitFor(() => expect((field as HTMLInputElement).value).not.toBe(''));
    const file = join(out, 'baseline.json');
    await user.clear(field);
    await user.type(field, file);
    // On the captured laptop every folder outside the stick is on /dev/sda, the drive replaced.
    expect((await screen.findByTestId('baseline-warning')).textContent).toMatch(
      /This location is on the drive you are replacing/,
    );
    await user.click(screen.getByRole('button', { name: 'Save baseline on the old drive anyway' }));
    expect((await screen.findByTestId('baseline-saved')).textContent).toContain(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).id).toBe(before.id);
    expect(useWizard.getState().baselineFile).toBe(file);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(useApp.getState().step).toBe('swap');
  });

  it('sends a person without a before-run back to measure first', () => {
    useWizard.setState({ beforeRunId: null });
    render(<BaselineStep />);
    expect(screen.getByText(/There is no before-run yet/)).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Skip (keep it in history only)' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});
