// Health from `smartctl -a -j` (the root helper's existing identify operation): the overall verdict,
// and for NVMe the wear, spare, media errors, unsafe shutdowns and power-on hours.
import { check, cmd, ev } from './check-util';
import type { HealthCheck, SmartInput } from './types';

const T = 'Drive health (SMART)';
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && isFinite(v) ? v : null);

function ataRaw(j: Json, id: number): number | null {
  const table = obj(j.ata_smart_attributes).table;
  if (!Array.isArray(table)) return null;
  const row = (table as Json[]).find((r) => r.id === id);
  return row ? num(obj(row.raw).value) : null;
}

/** What the counters add: evidence always, a reason to warn or fail when one is raised. */
interface Findings {
  evidence: ReturnType<typeof ev>[];
  warn: string[];
  fail: string[];
}

function nvmeFindings(log: Json, { evidence, warn, fail }: Findings): void {
  const f = (k: string) => num(log[k]);
  const [used, spare, thresh, media, unsafe, hours, crit] = [
    f('percentage_used'),
    f('available_spare'),
    f('available_spare_threshold'),
    f('media_errors'),
    f('unsafe_shutdowns'),
    f('power_on_hours'),
    f('critical_warning'),
  ];
  evidence.push(
    ev(
      'nvme_smart_health_information_log',
      `percentage_used ${used}%, available_spare ${spare}% (threshold ${thresh}%), media_errors ${media}, unsafe_shutdowns ${unsafe}, power_on_hours ${hours}, critical_warning ${crit}`,
    ),
  );
  if (crit)
    fail.push(
      `critical_warning is ${crit} (spare, temperature, reliability or read-only flag set)`,
    );
  if (spare !== null && thresh !== null && spare <= thresh)
    fail.push(`available spare ${spare}% is at or below its threshold ${thresh}%`);
  if (used !== null && used >= 90) warn.push(`${used}% of the rated endurance is used`);
  if (media) warn.push(`${media} media errors (data the drive could not read back)`);
}

function ataFindings(j: Json, { evidence, warn }: Findings): void {
  const [realloc, pending, uncorr] = [ataRaw(j, 5), ataRaw(j, 197), ataRaw(j, 198)];
  const hours = num(obj(j.power_on_time).hours);
  evidence.push(
    ev(
      'ata_smart_attributes',
      `reallocated ${realloc ?? '?'}, pending ${pending ?? '?'}, offline uncorrectable ${uncorr ?? '?'}, power-on hours ${hours ?? '?'}`,
    ),
  );
  if (pending) warn.push(`${pending} sectors wait to be reallocated (unreadable right now)`);
  if (uncorr) warn.push(`${uncorr} sectors could not be read in the offline scan`);
  if (realloc) warn.push(`${realloc} sectors were already reallocated`);
}

export function checkSmart(s: SmartInput): HealthCheck {
  const src = `smartctl -a -j ${s.device ?? ''}`.trim();
  if (!s.json)
    return check(
      'smart',
      'smart',
      T,
      'unknown',
      s.reason ?? 'SMART was not read',
      [ev(src, s.reason ?? 'not run')],
      cmd(`sudo smartctl -a ${s.device ?? '/dev/sdX'}`, 'reads the same data by hand'),
    );
  let j: Json;
  try {
    j = obj(JSON.parse(s.json));
  } catch {
    return check('smart', 'smart', T, 'unknown', 'smartctl printed something that is not JSON', [
      ev(src, s.json.slice(0, 200)),
    ]);
  }
  const passed = obj(j.smart_status).passed;
  const messages = (
    Array.isArray(obj(j.smartctl).messages) ? (obj(j.smartctl).messages as Json[]) : []
  )
    .map((m) => String(m.string ?? ''))
    .filter(Boolean);
  if (typeof passed !== 'boolean')
    return check(
      'smart',
      'smart',
      T,
      'unknown',
      `smartctl gave no health verdict: ${messages[0] ?? 'no SMART data for this device'}`,
      [ev(src, messages.join('; ') || 'no smart_status')],
    );
  const evidence = [ev(`${src}: smart_status.passed`, passed)];
  const warn: string[] = [];
  const fail: string[] = passed ? [] : ['the drive reports its overall SMART status as FAILED'];
  const log = obj(j.nvme_smart_health_information_log);
  const found = { evidence, warn, fail };
  if (Object.keys(log).length) nvmeFindings(log, found);
  else ataFindings(j, found);
  const backup = cmd(
    `sudo smartctl -t long ${s.device ?? '/dev/sdX'}`,
    "back up first; then run the drive's long self-test and read the result with smartctl -a",
  );
  if (fail.length)
    return check('smart', 'smart', T, 'fail', `${fail.join('; ')}. Back up now.`, evidence, backup);
  if (warn.length)
    return check(
      'smart',
      'smart',
      T,
      'warn',
      `SMART passes, but ${warn.join('; ')}.`,
      evidence,
      backup,
    );
  return check(
    'smart',
    'smart',
    T,
    'ok',
    'SMART overall status: passed, and no error counters are raised.',
    evidence,
  );
}
