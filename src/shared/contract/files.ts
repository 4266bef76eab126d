// File and folder choosers. In the app `files.choose` opens the desktop's own dialog (Electron's,
// which is the GNOME or KDE portal chooser where one runs); in browser mode it answers
// `supported: false` and the page shows a picker of its own over `files.list`, which lists one
// folder of the host's disks, with the mounted filesystems first.
import { z } from 'zod';
import { request } from './define';
import { LIMITS, text } from './limits';

export const chooseKind = z.enum(['folder', 'file', 'save']);
export type ChooseKind = z.infer<typeof chooseKind>;

/** File name endings a file chooser offers ('json', 'tar.gz'). */
const extensions = z
  .array(
    z
      .string()
      .regex(/^[a-z0-9]+(\.[a-z0-9]+)?$/i)
      .max(12),
  )
  .max(12);

export const chooseRequest = z
  .object({
    kind: chooseKind,
    title: text(LIMITS.title).min(1),
    /** Where the chooser opens (a folder, or for 'save' a file name to suggest). */
    defaultPath: text(LIMITS.path).optional(),
    extensions: extensions.optional(),
  })
  .strict();
export type ChooseRequest = z.infer<typeof chooseRequest>;

/** Entries listed at most; a bigger folder says it was cut. */
export const MAX_LISTED = 2000;

export const place = z.object({
  label: z.string(),
  path: z.string(),
  kind: z.enum(['home', 'mount', 'root']),
});

export const listing = z.object({
  /** The folder listed, resolved. */
  dir: z.string(),
  parent: z.string().nullable(),
  /** Where a person usually starts: the mounted drives, then home. */
  places: z.array(place),
  entries: z
    .array(z.object({ name: z.string(), path: z.string(), kind: z.enum(['folder', 'file']) }))
    .max(MAX_LISTED),
  truncated: z.boolean(),
});
export type Listing = z.infer<typeof listing>;

export const filesRequests = {
  'files.choose': request(
    chooseRequest,
    z.object({ supported: z.boolean(), path: z.string().nullable() }),
  ),
  'files.list': request(
    z
      .object({
        dir: text(LIMITS.path).optional(),
        files: z.boolean().default(false),
        extensions: extensions.optional(),
      })
      .strict(),
    listing,
  ),
} as const;
