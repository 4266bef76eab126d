// The verdict's charts: chart.js builds them (on a canvas stand-in, test/setup/dom.ts) from the
// verdict main computes for two captured runs; a reference drive picked is added to the bars.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { VerdictView } from '../../../../src/renderer/verdict/VerdictView';
import { computeVerdict } from '../../../../src/shared/verdict';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { comparePreset } from './verdict-page';

const { before, after } = capturedPair();
servedBackEnd(() => [before, after]);

const chartOf = (id: string) => {
  const canvas = within(screen.getByTestId(`chart-${id}`)).getByRole('img');
  const chart = Chart.getChart(canvas as HTMLCanvasElement);
  if (!chart) throw new Error(`no chart drawn for ${id}`);
  return chart;
};

describe('VerdictChart', () => {
  it('draws before and after bars of the measured medians, and adds a picked reference drive', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    await comparePreset(user, before.id);
    const figures = screen.getAllByTestId(/^chart-/);
    expect(figures.length).toBeGreaterThan(0);

    // The random-access latency chart: RND 4K Q1 medians of the two runs, in their own unit. The
    // charts are drawn in an effect after the page shows; on a busy machine that comes later.
    const latency = await waitFor(() => chartOf('latency'));
    expect(latency.data.datasets.map((d) => d.label)).toEqual([
      'Before (old drive)',
      'After (new drive)',
    ]);
    const v = computeVerdict(before, after);
    const p50 = v.comparisons.find((c) => c.metric === 'clat_p50_us' && c.params?.qd === 1);
    expect(latency.data.datasets[0]!.data[0]).toBe(p50!.before.median);
    expect(latency.data.datasets[1]!.data[0]).toBe(p50!.after.median);

    const ids = figures.map((f) => f.getAttribute('data-testid')!.slice('chart-'.length));
    const labels = (id: string) => chartOf(id).data.datasets.map((d) => d.label);
    const plain = Object.fromEntries(ids.map((id) => [id, labels(id)]));
    const picker = screen.getByRole('combobox', { name: /reference drive/ });
    const option = within(picker).getAllByRole('option')[1] as HTMLOptionElement;
    await user.selectOptions(picker, option.value);
    const alongside = ids.filter((id) =>
      within(screen.getByTestId(`chart-${id}`))
        .getByRole('img')
        .getAttribute('aria-label')!
        .endsWith(`reference ${option.textContent} shown alongside`),
    );
    expect(alongside.length).toBeGreaterThan(0);
    for (const id of alongside)
      expect(labels(id)).toEqual([...plain[id]!, `Reference: ${option.textContent}`]);
    await user.selectOptions(picker, '');
    for (const id of ids) expect(labels(id)).toEqual(plain[id]);
  });
});
