// The verdict's findings for two captured runs, and for the fast run against itself measured
// again (an A/A pair): the wins of the first pair must not appear in the second.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerdictView } from '../../../../src/renderer/verdict/VerdictView';
import { computeVerdict, type Finding } from '../../../../src/shared/verdict';
import { again } from '../../../e2e/fixture-runs';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { comparePreset } from './verdict-page';

const { before, after } = capturedPair();
const repeat = { ...again(after, 'fast-again', 0.02), label: 'custom' as const };
const BADGE: Record<Finding['severity'], string> = {
  bad: 'Problem',
  warn: 'Check',
  good: 'Win',
  info: 'Note',
};
servedBackEnd(() => [before, after, repeat]);

const shown = () =>
  within(screen.getByTestId('verdict-findings'))
    .getAllByRole('listitem')
    .map((li) => [
      li.querySelector('.badge')!.textContent,
      li.querySelector('strong')!.textContent,
    ]);

describe('FindingsList', () => {
  it('lists each finding with its severity after Compare', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    await comparePreset(user, before.id);
    const expected = computeVerdict(before, after).findings;
    expect(expected.some((f) => f.kind === 'big-win')).toBe(true);
    expect(shown()).toEqual(expected.map((f) => [BADGE[f.severity], f.title]));
  });

  it('shows no win for a run compared with itself measured again', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    await comparePreset(user, before.id);
    await user.click(screen.getByRole('button', { name: 'Compare other runs' }));
    const [beforeSel, afterSel] = await screen.findAllByRole('combobox');
    await waitFor(() => expect((beforeSel as HTMLSelectElement).value).toBe(before.id));
    await user.selectOptions(beforeSel!, after.id);
    await user.selectOptions(afterSel!, repeat.id);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const headline = await screen.findByTestId('verdict-headline');
    expect(headline.textContent).toBe(computeVerdict(after, repeat).recommendation.headline);
    const wins = screen.queryByTestId('verdict-findings')
      ? shown().filter(([b]) => b === 'Win')
      : [];
    expect(wins).toEqual([]);
  });
});
