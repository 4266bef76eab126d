// Plain-text rendering for `drivewise drives`.
import type { DriveInfo, MachineProfile } from '../../shared/schemas/drive';
import { fmtBytes, fmtRam, KIND_LABEL } from '../../shared/format';
import { CLI_WIDTH, wrap } from '../cli/format';
import type { ResolveResult } from './resolve';

/** Lines longer than the CLI width wrap with an indent; short ones keep their spacing. */
const fit = (lines: string[]): string =>
  lines
    .flatMap((l) =>
      l.length <= CLI_WIDTH ? [l] : wrap(l, `${' '.repeat(/^ */.exec(l)![0].length)}    `),
    )
    .join('\n');

export function linkText(d: DriveInfo): string {
  const l = d.link;
  if (!l)
    return d.kind === 'virtual' || d.kind === 'loop' ? 'none (not a physical link)' : 'unknown';
  const parts = [l.current ?? 'current unknown'];
  if (l.ceilingMBps) parts.push(`ceiling ~${Math.round(l.ceilingMBps)} MB/s`);
  if (l.max && l.max !== l.current) parts.push(`port max ${l.max}`);
  if (l.deviceMax) parts.push(`drive supports ${l.deviceMax}`);
  return parts.join(', ');
}

export function formatDrive(d: DriveInfo): string {
  const yes = (b: boolean | null) => (b === null ? 'unknown' : b ? 'yes' : 'no');
  const lines = [
    `${d.path}  ${KIND_LABEL[d.kind]}  ${fmtBytes(d.sizeBytes)}  ${d.model ?? '(no model)'}` +
      (d.isSystem ? `  [system drive: ${d.holds.join(' ')}]` : ''),
    `  link: ${linkText(d)}`,
    `  TRIM: ${yes(d.trim)}  scheduler: ${d.scheduler ?? '?'}  sectors: ${d.logicalSectorBytes ?? '?'}/${d.physicalSectorBytes ?? '?'} B` +
      (d.removable ? '  removable' : '') +
      (d.rpm ? `  ${d.rpm} rpm` : ''),
    `  identity: vendor ${d.vendor ?? '?'}, serial ${d.serial ?? '?'}, firmware ${d.firmware ?? '?'}` +
      (d.backingFile ? `, backing file ${d.backingFile}` : ''),
    `  kind evidence: ${d.kindEvidence.join('; ')}`,
  ];
  for (const p of d.partitions) {
    const where = p.mountpoints.length ? p.mountpoints.join(', ') : 'not mounted';
    const opts = p.mountOptions.filter((o) => /^(ro|rw|noatime|relatime|discard)$/.test(o));
    lines.push(
      `  ${p.path}  ${p.fsType ?? '?'}  ${fmtBytes(p.sizeBytes)}  ${where}` +
        (opts.length ? `  (${opts.join(',')})` : '') +
        (p.freeBytes !== null ? `  ${fmtBytes(p.freeBytes)} free` : ''),
    );
  }
  const t = d.testability;
  if (t)
    lines.push(
      t.fileTests
        ? `  tests: all file tests, e.g. in ${t.suggestedDir}`
        : `  tests: cannot run file tests: ${t.reason}`,
    );
  return fit(lines);
}

export function formatMachine(m: MachineProfile): string {
  return fit([
    `Machine: ${m.cpuModel ?? 'unknown CPU'} (${m.cpuCores} threads), ${fmtRam(m.ramBytes)} RAM, ` +
      `Linux ${m.kernel ?? '?'}, ${m.distro ?? 'unknown distribution'}, session: ${m.session ?? 'none'}`,
  ]);
}

export function formatResolve(r: ResolveResult): string {
  const d = r.drive;
  const lines = [
    `${r.path}: ${r.fsType ?? '?'} on ${r.device ?? 'no block device'}` +
      (r.mountpoint ? ` (mounted at ${r.mountpoint})` : ''),
    `  disk: ${r.disks.length ? r.disks.join(', ') : 'none'}` +
      (d ? ` — ${KIND_LABEL[d.kind]}, ${fmtBytes(d.sizeBytes)}, ${d.model ?? 'no model'}` : ''),
    `  ${r.writable ? 'writable' : 'not writable'}, ${fmtBytes(r.freeBytes)} free`,
  ];
  const out = fit(lines);
  // The warning stays one line: scripts grep for it.
  return r.warning ? `${out}\nwarning: ${r.warning}` : out;
}
