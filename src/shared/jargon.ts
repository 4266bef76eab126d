// Words that must not reach a person (metric identifiers, engine internals, research notes): the
// report's, the screens' and the CLI's tests run every user-visible text through findJargon.
import { METRIC_IDS } from './labels';

/**
 * Words that must not reach a person: metric identifiers, engine internals, our own research
 * notes. The report's and screens' tests run every user-visible text through this.
 */
const IDENTIFIERS = [
  ...METRIC_IDS,
  ...['read', 'write'].flatMap((d) => [`${d}_iops`, `${d}_bw`, `${d}_clat_mean_us`]),
  'clat_p50_us',
  'clat_p99_us',
].filter((k) => k.includes('_'));

export const JARGON: readonly RegExp[] = [
  // Metric identifiers (buffered_read, random_seeks, wall_time); fio options like --time_based in a
  // method line are the tool's own words and stay.
  new RegExp(`(?<![-\\w])(?:${IDENTIFIERS.join('|')})\\b`),
  /\bqd ?seconds\b/i,
  /×\s?1024 files/,
  /\bio_uring\b|\blibuv\b/,
  /\bseed write-?ups?\b/i,
  /\b\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}\b/, // run ids (newRunId)
];

/** The first jargon match in a text, or null: for tests and a development-time check. */
export function findJargon(text: string): string | null {
  for (const re of JARGON) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}
