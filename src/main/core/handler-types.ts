// The router's types, in a leaf module: each domain's handlers.ts implements a slice of Handlers,
// and router.ts imports every handlers.ts, so the types cannot live in router.ts without a cycle.
import type { z } from 'zod';
import type { Channel, Envelope, Requests, Res } from '../../shared/contract';

type Handler<C extends Channel> = (req: z.output<Requests[C]['req']>) => Promise<Res<C>> | Res<C>;
export type Handlers = { [C in Channel]: Handler<C> };

/** A channel name and payload in, a validated envelope out: what IPC and the WebSocket call. */
export type Dispatch = (channel: string, payload: unknown) => Promise<Envelope<unknown>>;
