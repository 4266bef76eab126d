import type { z } from 'zod';

/** A request channel: what the renderer sends and what main answers. */
export interface RequestDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly req: Req;
  readonly res: Res;
}

export const request = <Req extends z.ZodType, Res extends z.ZodType>(
  req: Req,
  res: Res,
): RequestDef<Req, Res> => ({ req, res });

/** Wire envelope for every answer, so both transports report errors the same way. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: string };
