// Turns the helper's raw identify output into drive facts with the drives module's parsers.
import { mergeIdentify, parseHdparmIdentify, parseSmartctlJson } from '../drives/identify';
import type { DriveInfo } from '../../shared/schemas/drive';
import type { IdentifyAnswer } from './protocol';

/** Pure: merges smartctl first (it knows NVMe and health), then hdparm -I, into the drive. */
export function applyIdentify(
  drive: DriveInfo,
  answer: IdentifyAnswer,
): { drive: DriveInfo; notes: string[] } {
  const notes = [...answer.notes];
  let d = drive;
  const tries: [string, string | null, (t: string) => ReturnType<typeof parseSmartctlJson>][] = [
    ['smartctl', answer.smartctl, parseSmartctlJson],
    ['hdparm -I', answer.hdparm, parseHdparmIdentify],
  ];
  for (const [tool, text, parse] of tries) {
    if (!text?.trim()) continue;
    try {
      const info = parse(text);
      if (info.error) notes.push(`${tool}: ${info.error}`);
      d = mergeIdentify(d, info);
    } catch (err) {
      notes.push(`${tool}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { drive: d, notes };
}
