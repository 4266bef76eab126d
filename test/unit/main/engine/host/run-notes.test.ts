// A run measured at shrunk sizes says so in its own notes (the plan's note used to stay in the
// dry run and the terminal, so the fleet could not tell which host was measured with less).
import { describe, expect, it } from 'vitest';
import { runNotes } from '../../../../../src/main/engine/host/run-notes';

describe('run notes', () => {
  it('carry the plan’s shrink note and no other plan note', () => {
    const shrunk = 'Sizes shrunk to fit the free space: Read test file 1.0 GiB → 152 MiB.';
    const notes = runNotes({
      plan: { tests: [], notes: [shrunk, 'Needs about 1.4 GiB free.'] },
      outcome: { asyncIo: 'io_uring', results: [] },
      asRoot: false,
      drive: null,
      swept: [],
      skipped: [],
    });
    expect(notes).toEqual([shrunk]);
  });
});
