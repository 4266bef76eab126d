// History's compare: two stored runs ticked, compared by main's real router, shown figure by
// figure with the one rule's words; also A against the same run measured again (A/A).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HistoryPanel } from '../../../../src/renderer/history/HistoryPanel';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { outcomeWord } from '../../../../src/shared/format';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

const { before, after } = capturedPair();
servedBackEnd(() => [before, after], ['runs.list', 'references.list', 'runs.compare', 'runs.get']);

describe('History compare', () => {
  it('compares the two runs ticked, with each figure and its outcome', async () => {
    const user = userEvent.setup();
    render(<HistoryPanel />);
    const compare = screen.getByRole('button', { name: 'Compare the two selected' });
    expect(compare.hasAttribute('disabled')).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Select HDD-like loop' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Fast virtio disk' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(compare);

    const table = await screen.findByRole('region', { name: 'Comparison' });
    const expected = compareRuns(before, after);
    // Figures neither run timed (bonnie++'s +++++ file phases) are one line, not rows of dashes.
    const timed = expected.pairs.filter((p) => p.a.median !== null || p.b.median !== null);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(timed.length);
    expect(timed.length).toBeLessThan(expected.pairs.length);
    expect(within(table).getByTestId('compare-untimed').textContent).toMatch(
      /^No figure in either run, too short to time .*: Creating files, in order; /,
    );
    const words = rows.map((r) => r.lastElementChild!.getAttribute('data-outcome'));
    expect(words).toEqual(timed.map((p) => outcomeWord(p.outcome, p.excluded)));
    // The throttled loop against the fast disk: most figures came out faster.
    expect(words.filter((w) => w === outcomeWord('faster')).length).toBeGreaterThan(
      rows.length / 2,
    );
    expect(within(table).getByText(/HDD-like loop/)).toBeTruthy();
  });

  it('shows a failed compare in one line and keeps the list', async () => {
    const user = userEvent.setup();
    preload.serve({
      'runs.compare': () => {
        throw new Error('run 2026-12-01T19-59-57-714Z-7a775f: not found in history');
      },
    });
    render(<HistoryPanel />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select HDD-like loop' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Fast virtio disk' }));
    await user.click(screen.getByRole('button', { name: 'Compare the two selected' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not found in history$/);
    expect(screen.queryByRole('region', { name: 'Comparison' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select HDD-like loop' })).toBeTruthy();
  });
});
