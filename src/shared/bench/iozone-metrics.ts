// iozone's metric names, in the order of its auto-mode table: the engine's own iozone method
// records the first six, and the importer reads every column of a pasted table, so both name
// them alike.

/** The operations the engine's iozone method runs (the first six columns). */
export const IOZONE_OPS = [
  'write',
  'rewrite',
  'read',
  'reread',
  'random_read',
  'random_write',
] as const;

/** Every column of iozone's table after KB and reclen, as it prints them. */
export const IOZONE_COLUMNS = [
  ...IOZONE_OPS,
  'backward_read',
  'record_rewrite',
  'stride_read',
  'fwrite',
  'frewrite',
  'fread',
  'freread',
] as const;
