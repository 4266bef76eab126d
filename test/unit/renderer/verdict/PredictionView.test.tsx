// The prediction before buying (the Baseline step's panel) and after the swap (the Verdict's),
// from the captured HDD-like run, worked out by main's real verdict.predict.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PredictionView } from '../../../../src/renderer/verdict/PredictionView';
import { predict } from '../../../../src/shared/prediction';
import { fmtNum } from '../../../../src/shared/format';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

const { before, after } = capturedPair();
servedBackEnd(() => [before, after]);

const headline = () => screen.getByTestId('prediction').querySelector('p')!.textContent;
const lastPredict = () => preload.calls.filter((c) => c.channel === 'verdict.predict').at(-1);

describe('PredictionView', () => {
  it('predicts for the target class chosen, and asks for the old drive’s kind a loop run cannot tell', async () => {
    const user = userEvent.setup();
    render(<PredictionView beforeId={before.id} />);
    const current = screen.getByRole('combobox', { name: 'Your current drive' });
    expect(screen.getByText(/The run does not say what the current drive is/)).toBeTruthy();
    await user.selectOptions(current, 'hdd-7200');

    const target = screen.getByRole('combobox', { name: 'Target drive' });
    await user.selectOptions(target, 'nvme-gen3');
    const p = predict(before, { preset: 'nvme-gen3' }, undefined, { oldDrive: 'hdd-7200' });
    await waitFor(() => expect(headline().startsWith(`${p.target.name}:`)).toBe(true));
    expect(headline()).toContain(`${fmtNum(p.speedups.sequential)}× your drive`);
    expect(lastPredict()!.payload).toEqual({
      beforeId: before.id,
      target: { preset: 'nvme-gen3' },
      oldDrive: 'hdd-7200',
    });
  });

  it('needs rated figures for “my drive”, and uses them once typed', async () => {
    const user = userEvent.setup();
    render(<PredictionView beforeId={before.id} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your current drive' }), 'hdd');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target drive' }), 'custom');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'custom target needs at least its sequential read (MB/s) and 4K random read IOPS at queue depth 1',
    );
    await user.type(screen.getByRole('textbox', { name: 'Rated sequential read, MB/s' }), '550');
    await user.type(
      screen.getByRole('textbox', { name: '4K random read IOPS at queue depth 1' }),
      '9000',
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(headline()).toContain(`sequential reads ${fmtNum(550)}`);
  });

  it('after the swap, sets what was measured beside what was predicted', async () => {
    render(<PredictionView beforeId={before.id} afterId={after.id} />);
    expect(screen.getByRole('heading', { name: 'Predicted vs measured' })).toBeTruthy();
    await screen.findByTestId('prediction');
    expect(screen.getByRole('columnheader', { name: 'Measured after' })).toBeTruthy();
    expect(screen.getAllByTestId('prediction-inside').length).toBeGreaterThan(0);
  });
});
