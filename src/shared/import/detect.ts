// One entry point for pasted or loaded text: every parser looks for its own tool's output, so a
// mixed paste (dd followed by seeker, hdparm next to bonnie++) yields all recognised results.
import { parseBonnie } from './bonnie';
import { parseDd } from './dd';
import { parseCrystalDiskMark, parseKDiskMark } from './diskmark';
import { parseFio } from './fio';
import { parseHdparm } from './hdparm';
import { parseIozone } from './iozone';
import { parseSeeker } from './seeker';
import type { ImportedResult, Parser, ParsedResult, ToolName } from './types';
import { toPublic } from './types';

export const PARSERS: Record<ToolName, Parser> = {
  hdparm: parseHdparm,
  dd: parseDd,
  seeker: parseSeeker,
  'bonnie++': parseBonnie,
  iozone: parseIozone,
  fio: parseFio,
  crystaldiskmark: parseCrystalDiskMark,
  kdiskmark: parseKDiskMark,
};

/** Longer inputs are not tool output anyone pastes; refusing keeps the regexes' cost bounded. */
export const MAX_IMPORT_CHARS = 4 * 1024 * 1024;

export interface Detection {
  /** The tool whose output comes first in the text; null when nothing was recognised. */
  tool: ToolName | null;
  tools: ToolName[];
  results: ParsedResult[];
}

export function detect(text: string): Detection {
  if (typeof text !== 'string' || text.length > MAX_IMPORT_CHARS)
    return { tool: null, tools: [], results: [] };
  const norm = text.replace(/\r\n?/g, '\n');
  const results: ParsedResult[] = [];
  for (const parse of Object.values(PARSERS)) {
    try {
      // One by one: spreading a parser's 100,000+ results into push() overflows the call stack,
      // and the catch below would then drop all of them.
      for (const r of parse(norm)) results.push(r);
    } catch {
      // A parser that trips over odd input must not hide what the others recognised.
    }
  }
  results.sort((a, b) => a.at - b.at);
  const tools = [...new Set(results.map((r) => r.tool))];
  return { tool: tools[0] ?? null, tools, results };
}

/** The `drivewise import FILE --json` document. */
export function importJson(d: Detection): { tool: ToolName | null; results: ImportedResult[] } {
  return { tool: d.tool, results: d.results.map(toPublic) };
}
