// Desktop-only events: things main does on the person's behalf (File → Import results… opens
// the chooser in main, where no page gesture is needed) and hands to the renderer.
import { z } from 'zod';

/** The largest text runs.importText accepts (characters), so a chosen file always fits. */
export const CHOSEN_FILE_MAX_CHARS = 4 * 1024 * 1024;

export const chosenImportFile = z.union([
  z.object({ name: z.string().min(1).max(255), text: z.string().max(CHOSEN_FILE_MAX_CHARS) }),
  /** The file could not be read (too large, not a regular file…): one line naming it. */
  z.object({ name: z.string().min(1).max(255), error: z.string().min(1).max(1000) }),
]);
export type ChosenImportFile = z.infer<typeof chosenImportFile>;

export const desktopEvents = {
  /** File → Import results…: the file the person chose in main's open dialog, already read. */
  'import.fileChosen': chosenImportFile,
} as const;

/**
 * Events the preload keeps until a listener takes them (each delivered once): the person's
 * chosen file must reach the import panel even if that screen mounts after the event arrived.
 */
export const heldEvents = ['import.fileChosen'] as const;
