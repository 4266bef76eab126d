// The Verdict screen on two captured quick runs, answered by main's real router.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerdictView } from '../../../../src/renderer/verdict/VerdictView';
import { computeVerdict } from '../../../../src/shared/verdict';
import { capturedPair, servedBackEnd } from '../seam/back-end';
import { preload } from '../seam/preload-double';

const { before, after } = capturedPair();
const expected = computeVerdict(before, after);
servedBackEnd(() => [before, after]);

/** The picker once the history has arrived and preset the two runs. */
async function presetPicker() {
  const [beforeSel, afterSel] = (await screen.findAllByRole('combobox')) as HTMLSelectElement[];
  await waitFor(() => expect(beforeSel!.value).toBe(before.id));
  return { beforeSel: beforeSel!, afterSel: afterSel! };
}

describe('VerdictView', () => {
  it('offers the runs labelled before and after, and shows their verdict after Compare', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    const { afterSel } = await presetPicker();
    expect(afterSel.value).toBe(after.id);
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    const headline = await screen.findByTestId('verdict-headline');
    expect(headline.textContent).toBe(expected.recommendation.headline);
    // Both runs lack boots and logins: faster drive figures, but little time a day to gain.
    expect(headline.textContent).toMatch(/^Marginal: faster/);
    const noise = screen.getByTestId('verdict-noise').textContent ?? '';
    expect(noise).toContain(expected.text.noise);
    expect(preload.calls.filter((c) => c.channel === 'verdict.compute')).toEqual([
      {
        channel: 'verdict.compute',
        // The screen's money locale, so the verdict's sentences print prices as its cards do.
        payload: { beforeId: before.id, afterId: after.id, locale: 'en-US' },
      },
    ]);
  });

  it('refuses the same run twice before asking main', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    const { afterSel } = await presetPicker();
    await user.selectOptions(afterSel, before.id);
    expect(screen.getByText('Pick two different runs.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compare' }).hasAttribute('disabled')).toBe(true);
  });

  it('draws a reference drive beside the bars when one is picked, and goes back to the picker', async () => {
    const user = userEvent.setup();
    render(<VerdictView />);
    await presetPicker();
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await screen.findByTestId('verdict-headline');
    const picker = await screen.findByRole('combobox', { name: /reference drive/ });
    const option = within(picker).getAllByRole('option')[1] as HTMLOptionElement;
    const charts = () => screen.getAllByRole('img').map((c) => c.getAttribute('aria-label') ?? '');
    expect(charts().some((l) => l.includes('shown alongside'))).toBe(false);
    await user.selectOptions(picker, option.value);
    expect(
      charts().some((l) => l.includes(`reference ${option.textContent} shown alongside`)),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Compare other runs' }));
    expect(await screen.findByRole('button', { name: 'Compare' })).toBeTruthy();
    expect(screen.queryByTestId('verdict-headline')).toBeNull();
  });
});
