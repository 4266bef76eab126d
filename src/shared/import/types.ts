// What the importers produce: one flat result per figure the tool printed, in the issue-5 JSON
// shape, plus where in the text it was found (for ordering mixed pastes) and grouping hints.

export const TOOLS = [
  'hdparm',
  'dd',
  'seeker',
  'bonnie++',
  'iozone',
  'fio',
  'crystaldiskmark',
  'kdiskmark',
] as const;
export type ToolName = (typeof TOOLS)[number];

/** The public shape (`drivewise import FILE --json`): values exactly as the tool printed them. */
export interface ImportedResult {
  tool: ToolName;
  metric: string;
  value: number | null;
  unit: string;
  record_kb?: number;
  file_kb?: number;
  device?: string;
  direct?: true;
  /** fio job name, so several jobs in one output stay apart. */
  job?: string;
  /** The row as the tool names it, e.g. CrystalDiskMark's "SEQ1M Q8T1". */
  label?: string;
  note?: string;
}

export type ParamValue = number | string | boolean;

/** A result plus what the parser knows about it that is not part of the public JSON. */
export interface ParsedResult extends ImportedResult {
  /** Character offset in the input where this result's block starts. */
  at: number;
  /** Variant parameters that separate measurements (fio pattern/bs/qd). */
  params?: Record<string, ParamValue>;
}

export type Parser = (text: string) => ParsedResult[];

/** Parses a printed number; '12,345' and '1.5k' style suffixes are handled by callers. */
export function num(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  // One way to match each digit (\d+ then an optional fraction): `\d+\.?\d*` could split a run of
  // digits between its two parts in every way, quadratic in a long token that is not a number.
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** Drops the internal fields: the exact JSON shape of the issue. */
export function toPublic(r: ParsedResult): ImportedResult {
  const { at: _at, params: _params, ...pub } = r;
  return pub;
}
