// The Verdict screen's first moves, shared by its component tests: wait for the history to
// preset the pair, press Compare, wait for the answer.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

export async function comparePreset(user: UserEvent, beforeId: string): Promise<void> {
  const [beforeSel] = (await screen.findAllByRole('combobox')) as HTMLSelectElement[];
  await waitFor(() => expect(beforeSel!.value).toBe(beforeId));
  await user.click(screen.getByRole('button', { name: 'Compare' }));
  await screen.findByTestId('verdict-headline');
}
