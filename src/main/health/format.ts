// Plain-text form of a set-up check for the terminal.
import { HEALTH_AREA_TITLES, type HealthReport } from '../../shared/contract/health';

const MARK = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL', unknown: '??  ' } as const;

export function formatHealth(r: HealthReport): string {
  const out: string[] = [
    `Set-up check of ${r.drive ? `${r.drive.path}${r.drive.model ? ` (${r.drive.model})` : ''}, ${r.drive.kind}` : r.disks.join(', ') || 'unknown disk'} — ${r.path} on ${r.device ?? '?'}${r.mountpoint ? ` at ${r.mountpoint}` : ''}`,
  ];
  for (const n of r.notes) out.push(`  note: ${n}`);
  let area = '';
  for (const c of r.checks) {
    if (c.area !== area) {
      area = c.area;
      out.push('', HEALTH_AREA_TITLES[c.area]);
    }
    out.push(`  [${MARK[c.status]}] ${c.title}: ${c.summary}`);
    for (const e of c.evidence) out.push(`         ${e.source}: ${e.value}`);
    if (c.fix) {
      out.push(`         fix (${c.fix.kind}${c.fix.note ? ` — ${c.fix.note}` : ''}):`);
      for (const l of c.fix.text.split('\n')) out.push(`           ${l}`);
    }
  }
  const count = (s: string) => r.checks.filter((c) => c.status === s).length;
  out.push(
    '',
    `${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail, ${count('unknown')} unknown. Drivewise applies no fix itself.`,
  );
  return out.join('\n') + '\n';
}
