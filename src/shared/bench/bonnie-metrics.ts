// bonnie++'s metric names, in the order of its report: what the engine's own bonnie++ method
// records and what the importer reads from a bonnie++ table or CSV line, so both name them alike.

/** The throughput table: per-char and block output, rewrite, per-char and block input, seeks. */
export const BONNIE_OUT = [
  'seq_output_per_chr',
  'seq_output_block',
  'seq_output_rewrite',
  'seq_input_per_chr',
  'seq_input_block',
  'random_seeks',
] as const;

/** The small-file table: create, stat (bonnie++ calls it "Read") and delete, in order, then random. */
export const BONNIE_FILES = [
  'seq_create',
  'seq_stat',
  'seq_delete',
  'random_create',
  'random_stat',
  'random_delete',
] as const;

/** Every metric with the unit the engine records it in. */
export const BONNIE_METRICS = [
  ...BONNIE_OUT.map((m) => [m, m === 'random_seeks' ? 'seeks/s' : 'KiB/s'] as const),
  ...BONNIE_FILES.map((m) => [m, 'files/s'] as const),
];
