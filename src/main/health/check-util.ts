// Small builders shared by the checks.
import type {
  HealthArea,
  HealthCheck,
  HealthEvidence,
  HealthFix,
  HealthStatus,
} from '../../shared/contract/health';
import type { DriveKind } from '../../shared/schemas/drive';
import { fmtBytes } from '../../shared/format';

export const ev = (source: string, value: string | number | boolean | null): HealthEvidence => ({
  source,
  value: value === null ? '(not readable)' : String(value),
});

export const cmd = (text: string, note?: string): HealthFix =>
  note ? { kind: 'command', text, note } : { kind: 'command', text };
export const edit = (text: string, note: string): HealthFix => ({ kind: 'edit', text, note });

export function check(
  area: HealthArea,
  id: string,
  title: string,
  status: HealthStatus,
  summary: string,
  evidence: HealthEvidence[],
  fix: HealthFix | null = null,
): HealthCheck {
  return { id, area, title, status, summary, evidence, fix };
}

/** Flash drives: no moving parts, and 4 KiB pages whatever sector size they report. */
export const isSolidState = (kind: DriveKind, rotational: boolean): boolean =>
  kind === 'nvme-ssd' || kind === 'sata-ssd' || (kind === 'usb' && !rotational);

export { fmtBytes };
