// The reference drives a person can hold their own results against (seeds' published figures).
import type { RunDocument } from '../schemas/run';
import { referenceRun } from './build';
import { SEED_002, SEED_003, SEED_004 } from './seeds-blogs';
import { SEED_000, SEED_001 } from './seeds-lj';

let cache: RunDocument[] | null = null;

/** All reference runs, built once from the published outputs. */
export function referenceRuns(): RunDocument[] {
  cache ??= [...SEED_000, ...SEED_001, ...SEED_002, ...SEED_003, ...SEED_004].map(referenceRun);
  return cache;
}

export function findReference(id: string): RunDocument | undefined {
  return referenceRuns().find((r) => r.id === id);
}
