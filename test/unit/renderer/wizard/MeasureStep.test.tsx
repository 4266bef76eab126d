// The Measure step running a real benchmark: main's router starts the engine process on a temp
// folder, its progress events reach the page through the preload double, the run is saved.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fmtNum } from '../../../../src/shared/format';
import { toMBps } from '../../../../src/shared/verdict/metrics';
import { useSetup } from '../../../../src/renderer/setup-store';
import { useApp } from '../../../../src/renderer/store';
import { MeasureAfterStep, MeasureBeforeStep } from '../../../../src/renderer/wizard/MeasureStep';
import { useVerdict } from '../../../../src/renderer/verdict/verdict-store';
import { useWizard } from '../../../../src/renderer/wizard/wizard-store';
import { backEnd, type BackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

let be: BackEnd;
let target: string;
beforeAll(async () => {
  be = await backEnd();
  target = mkdtempSync(join(tmpdir(), 'dw-rtl-measure-'));
});
afterAll(() => {
  be.close();
  rmSync(target, { recursive: true, force: true });
});
beforeEach(() => {
  preload.route(be.dispatch, [
    'bench.plan',
    'bench.start',
    'job.cancel',
    'job.list',
    'runs.get',
    'runs.list',
    'drives.resolve',
    'privileged.status',
    'tasks.loginStatus',
  ]);
  useSetup.setState({ targetDir: target });
  // The cached read alone: a real engine run of a second or two, measuring memory, not the disk.
  useWizard.setState({ profile: 'custom', tests: ['cached-read'], repetitions: 1 });
  useApp.getState().goTo('measure-before');
});

describe('MeasureStep (before)', () => {
  it('runs the plan, shows the saved run and its figure, then lets the person go on', async () => {
    const user = userEvent.setup();
    render(<MeasureBeforeStep />);
    const start = await screen.findByRole('button', { name: 'Start measuring' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.click(start);

    const status = screen.getByTestId('measure-status');
    await waitFor(() => expect(status.textContent).toMatch(/^Done: saved to history as /), {
      timeout: 30_000,
    });
    const id = useWizard.getState().beforeRunId;
    expect(id).toBeTruthy();
    expect(status.textContent).toBe(`Done: saved to history as ${id}.`);
    const saved = await be.services.runs.load(id!);
    expect(saved.tests.map((t) => t.testId)).toEqual(['cached-read']);
    const row = screen.getByTestId('measure-row');
    expect(row.getAttribute('data-status')).toBe(saved.tests[0]!.status);
    const m = saved.tests[0]!.measurements[0]!;
    // The figure in words and in its shown unit (MB/s), as every surface shows it, never its key.
    expect(row.textContent).toContain(
      `Memory read speed: ${fmtNum(toMBps(m.median!, m.unit) ?? Number.NaN)}`,
    );
    expect(row.textContent).toMatch(/MB\/s/);
    expect(row.textContent).not.toContain('cached_read');
    expect(readdirSync(target)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(useApp.getState().step).toBe('baseline');
  }, 40_000);

  it('names a folder that cannot hold the tests, in one line, and does not start', async () => {
    useSetup.setState({ targetDir: join(target, 'missing') });
    render(<MeasureBeforeStep />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/missing/);
    expect(alert.textContent).not.toMatch(/\n/);
    expect(screen.getByRole('button', { name: 'Start measuring' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});

/** A real before-run of the cached read, made through the router as the Measure step would. */
async function measuredBefore(): Promise<string> {
  const done = new Promise<string>((resolve, reject) => {
    const off = be.services.bus.subscribe((name, payload) => {
      if (name !== 'job.finished') return;
      off();
      const f = payload as { status: string; resultRef?: string | null; error?: string | null };
      if (f.status === 'done' && f.resultRef) resolve(f.resultRef);
      else reject(new Error(f.error ?? f.status));
    });
  });
  const r = await be.dispatch('bench.start', {
    targetDir: target,
    profile: 'custom',
    tests: ['cached-read'],
    repetitions: 1,
    label: 'before',
  });
  if (!r.ok) throw new Error(r.error);
  return done;
}

describe('MeasureStep (after)', () => {
  it('repeats the baseline’s plan on the folder chosen and hands the pair to the verdict', async () => {
    const user = userEvent.setup();
    const beforeId = await measuredBefore();
    useWizard.setState({ beforeRunId: beforeId, tests: [], profile: 'quick' });
    useApp.getState().goTo('measure-after');
    render(<MeasureAfterStep />);
    const start = screen.getByRole('button', { name: 'Start measuring' });
    expect(start.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Directory on the new drive'), target);
    await user.click(screen.getByRole('button', { name: 'Use this directory' }));
    // Both folders are on this machine's one disk: Start waits until the person says they mean
    // to measure the same drive again (a repeatability check).
    expect((await screen.findByTestId('same-drive-line')).textContent).toMatch(
      /is on the baseline's drive \(.*\): measuring here measures the old drive again — choose a folder on the new drive, or confirm/,
    );
    expect(start.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText(/Measure the same drive again on purpose/));
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    expect(screen.getAllByTestId('measure-row')).toHaveLength(1);
    await user.click(start);
    const status = screen.getByTestId('measure-status');
    await waitFor(() => expect(status.textContent).toMatch(/^Done: saved to history as /), {
      timeout: 30_000,
    });
    const afterId = useWizard.getState().afterRunId!;
    expect((await be.services.runs.load(afterId)).baselineId).toBe(beforeId);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(useApp.getState().step).toBe('verdict');
    expect(useVerdict.getState()).toMatchObject({ beforeId, afterId });
  }, 60_000);
});
