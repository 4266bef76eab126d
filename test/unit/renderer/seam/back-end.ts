// Main's real router over a temp config folder holding captured runs: what the preload double
// forwards to, so a screen shows what the app would compute from those runs (verdicts, plans,
// the history) rather than answers written into the test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Services } from '../../../../src/main/core/services';
import { createServices } from '../../../../src/main/create-services';
import type { Channel } from '../../../../src/shared/contract';
import type { Dispatch } from '../../../../src/main/core/handler-types';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';
import { preload } from './preload-double';

const fleetRun = (name: string): RunDocument =>
  runDocument.parse(JSON.parse(readFileSync(join('test/fixtures/fleet', name), 'utf8')));

/**
 * Two quick runs measured on this project's CI machine: a loop device throttled like a 7200 rpm
 * disk (150 IOPS, 120 MB/s) and the unthrottled virtio disk, stored as a before/after pair.
 */
export function capturedPair(): { before: RunDocument; after: RunDocument } {
  const before = { ...fleetRun('quick-hdd-like.json'), name: 'HDD-like loop' };
  const after: RunDocument = {
    ...fleetRun('quick-fast.json'),
    name: 'Fast virtio disk',
    label: 'after',
    baselineId: before.id,
  };
  return { before, after };
}

export interface BackEnd {
  dir: string;
  services: Services;
  dispatch: Dispatch;
  close(): void;
}

/** Main's services in a temp config folder; their events reach the page through the double. */
export async function backEnd(
  runs: RunDocument[] = [],
  over: Pick<Partial<Services>, 'privileged'> = {},
): Promise<BackEnd> {
  const dir = mkdtempSync(join(tmpdir(), 'dw-rtl-'));
  const services = createServices({ configDir: dir, host: 'browser', env: { HOME: dir }, ...over });
  for (const run of runs) await services.runs.save(run);
  const off = services.bus.subscribe((name, payload) => preload.emit(name, payload as never));
  return {
    dir,
    services,
    dispatch: createDispatch(createHandlers(services)),
    close: () => {
      off();
      services.jobs.cancelAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the Verdict screen asks main for. */
export const VERDICT_CHANNELS = [
  'runs.list',
  'runs.get',
  'verdict.compute',
  'verdict.predict',
  'references.list',
] as const;

/**
 * The file's hooks for a back end holding `runs` (made once), with `channels` routed to it before
 * every test: read `.current` inside a test.
 */
export function servedBackEnd(
  runs: () => RunDocument[] | Promise<RunDocument[]>,
  channels: readonly Channel[] = VERDICT_CHANNELS,
): { current: BackEnd } {
  const ref = {} as { current: BackEnd };
  beforeAll(async () => {
    ref.current = await backEnd(await runs());
  });
  afterAll(() => ref.current.close());
  beforeEach(() => preload.route(ref.current.dispatch, [...channels]));
  return ref;
}
