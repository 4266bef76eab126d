// The verdict's task table: the timed tasks of two captured runs, and how the person's usage
// (handed over by the wizard after "Measure again") changes what a day saves.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { compareInVerdict } from '../../../../src/renderer/verdict/verdict-store';
import { VerdictView } from '../../../../src/renderer/verdict/VerdictView';
import { fmtHours, fmtNum, fmtSpread, formatSeconds } from '../../../../src/shared/format';
import { computeVerdict } from '../../../../src/shared/verdict';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { comparePreset } from './verdict-page';

const { before, after } = capturedPair();
servedBackEnd(() => [before, after]);

const duRow = () =>
  within(screen.getByTestId('verdict-tasks')).getByRole('rowheader', { name: /^Search the disk/ })
    .parentElement!;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('TaskTable', () => {
  it('shows each timed task with both runs’ seconds and what a day saves', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    await comparePreset(user, before.id);
    const rows = within(screen.getByTestId('verdict-tasks')).getAllByRole('row').slice(1);
    const tasks = computeVerdict(before, after).tasks;
    // Each task by its one name (shared/labels), its tool as a tag beside it.
    expect(rows.map((r) => r.querySelector('th')!.firstChild!.textContent)).toEqual(
      tasks.map((t) => t.title),
    );
    const du = tasks.find((t) => t.testId === 'task.du')!;
    const [how, b, a, , , perDay, saved] = cells(duRow());
    expect(how).toBe('measured');
    expect(b).toBe(fmtSpread(du.beforeSeconds));
    expect(a).toBe(fmtSpread(du.afterSeconds));
    expect(perDay).toBe(fmtNum(du.occurrencesPerDay));
    expect(saved).toBe(`${formatSeconds(du.savedPerDay!)} / ${fmtHours(du.savedPerYearHours!)}`);
  });

  it('recomputes the day with the usage the wizard hands over', async () => {
    render(<VerdictView />);
    act(() => compareInVerdict(before.id, after.id, { tasksPerDay: { 'task.du': 10 } }));
    await screen.findByTestId('verdict-tasks');
    const du = computeVerdict(before, after, {
      usage: { tasksPerDay: { 'task.du': 10 } },
    }).tasks.find((t) => t.testId === 'task.du')!;
    await waitFor(() => expect(cells(duRow())[5]).toBe('10'));
    expect(cells(duRow())[6]).toBe(
      `${formatSeconds(du.savedPerDay!)} / ${fmtHours(du.savedPerYearHours!)}`,
    );
  });
});
