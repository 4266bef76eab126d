// The zod shape of a drive's surface (the surface-scan test's record and the verdict's chart
// data), apart from surface.ts so the verdict's schema can hold it without an import cycle.
import { z } from 'zod';

export const surfaceProfile = z.object({
  deviceBytes: z.number().positive(),
  /** Each place read: where (0 = start, 1 = end of the device) and how fast. */
  points: z
    .array(z.object({ at: z.number().min(0).max(1), mibPerSec: z.number().nonnegative() }))
    .min(2)
    .max(1000),
  /** Shares of a sample of the person's file bytes in the outer, middle and inner third. */
  data: z
    .object({
      outer: z.number(),
      middle: z.number(),
      inner: z.number(),
      bytes: z.number(),
      files: z.number(),
      root: z.string(),
    })
    .nullable(),
  /** How the data's place was found, or why it is not known. */
  dataNote: z.string(),
});
export type SurfaceProfile = z.infer<typeof surfaceProfile>;

/** One drive's surface as the verdict carries it: the chart's line and its words. */
export const surfaceSide = z.object({
  side: z.enum(['before', 'after']),
  name: z.string(),
  profile: surfaceProfile,
  /** Inner third's median speed ÷ the outer third's. */
  innerShare: z.number(),
  zoned: z.boolean(),
});
export type SurfaceSide = z.infer<typeof surfaceSide>;
