// The notes a finished benchmark run carries: how it ran and what the reader should weigh.
import type { BenchPlan } from '../../../shared/contract/bench';
import type { DriveInfo } from '../../../shared/schemas/drive';
import { guardResults, memoryCopyMBps } from './cache-guard';
import type { EngineOutcome } from './client';

export interface RunNotesInput {
  plan: Pick<BenchPlan, 'tests'> & { notes?: string[] | undefined };
  outcome: Pick<EngineOutcome, 'asyncIo' | 'results'>;
  /** Run as root: the rights were there without asking. */
  asRoot: boolean;
  drive: DriveInfo | null;
  /** Work folders left by an earlier crash that were removed. */
  swept: readonly string[];
  /** Entries named like ours that the sweep would not touch. */
  skipped: readonly string[];
}

export function runNotes(i: RunNotesInput): string[] {
  const { plan, outcome } = i;
  // Only the queue-depth profile submits deep queues; other runs have nothing to say about it.
  const notes = plan.tests.some((t) => t.id === 'qd-profile')
    ? [`deep-queue I/O: ${outcome.asyncIo}`]
    : [];
  if (i.asRoot)
    notes.push(
      'running as root: caches were dropped and raw devices read without asking (no --admin needed)',
    );
  notes.push(
    ...guardResults(outcome.results, {
      linkCeilingMBps: i.drive?.link?.ceilingMBps ?? null,
      memoryMBps: memoryCopyMBps(outcome.results),
    }),
  );
  // A nearly full folder measured at smaller sizes: the run says what shrank (the fleet shows it).
  notes.push(...(plan.notes ?? []).filter((n) => n.startsWith('Sizes shrunk to fit')));
  if (i.swept.length)
    notes.push(`removed ${i.swept.length} work folder(s) left by an earlier crash`);
  // Entries named like ours that the sweep would not touch: one line each, naming them.
  notes.push(...i.skipped);
  return notes;
}
