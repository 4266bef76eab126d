// The one contract: every channel name lives in these maps and nowhere else.
// Domain modules contribute their own maps; add new ones here.
import type { z } from 'zod';
import { appEvents, appRequests } from './app';
import { desktopEvents } from './desktop';
import { benchRequests } from './bench';
import { drivesRequests } from './drives';
import { jobEvents, jobRequests } from './jobs';
import { runsRequests } from './runs';
import { verdictRequests } from './verdict';
import { privilegedEvents, privilegedRequests } from './privileged';
import { reportRequests } from './report';
import { tasksRequests } from './tasks';
import { healthRequests } from './health';
import { wizardRequests } from './wizard';
import { fleetRequests } from './fleet';
import { filesRequests } from './files';

export const requests = {
  ...appRequests,
  ...benchRequests,
  ...drivesRequests,
  ...jobRequests,
  ...runsRequests,
  ...verdictRequests,
  ...privilegedRequests,
  ...reportRequests,
  ...tasksRequests,
  ...healthRequests,
  ...wizardRequests,
  ...fleetRequests,
  ...filesRequests,
} as const;

export const events = {
  ...appEvents,
  ...jobEvents,
  ...privilegedEvents,
  ...desktopEvents,
} as const;

export type Requests = typeof requests;
export type Events = typeof events;
export type Channel = keyof Requests;
export type EventName = keyof Events;
export type Req<C extends Channel> = z.input<Requests[C]['req']>;
export type Res<C extends Channel> = z.output<Requests[C]['res']>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const channels = Object.keys(requests) as Channel[];
export const eventNames = Object.keys(events) as EventName[];

/** 'drives.list' -> 'drivesList': the preload's method names. */
type CamelCase<S extends string> = S extends `${infer A}.${infer B}`
  ? `${A}${Capitalize<CamelCase<B>>}`
  : S;
export const methodName = (channel: string): string =>
  channel.replace(/\.(\w)/g, (_m: string, c: string) => c.toUpperCase());

export type DrivewiseApi = {
  [C in Channel as CamelCase<C>]: (req: Req<C>) => Promise<Res<C>>;
} & {
  on<E extends EventName>(event: E, fn: (payload: EventPayload<E>) => void): () => void;
};

/** Channel prefix on Electron IPC so our handlers never collide with anything else. */
export const IPC_PREFIX = 'drivewise:';
export const IPC_EVENT = 'drivewise:event';
export const IPC_READY = 'drivewise:ready';

export type { Envelope } from './define';
