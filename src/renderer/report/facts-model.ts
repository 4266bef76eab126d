// Drive, machine and run facts for the appendix tables: values a person can read, never run ids.
import type { DriveInfo, MachineProfile } from '../../shared/schemas/drive';
import type { RunDocument } from '../../shared/schemas/run';
import { fmtCapacity, fmtRam } from '../../shared/format';

export interface Fact {
  label: string;
  value: string;
}

export function driveFacts(d: DriveInfo | null, showSerials: boolean): Fact[] {
  if (!d) return [{ label: 'Drive', value: 'not recorded' }];
  const link = d.link
    ? [
        d.link.bus.toUpperCase(),
        d.link.current,
        d.link.max && d.link.max !== d.link.current ? `(max ${d.link.max})` : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '—';
  return [
    { label: 'Model', value: [d.vendor, d.model].filter(Boolean).join(' ') || '—' },
    { label: 'Device', value: d.path },
    { label: 'Kind', value: `${d.kind}${d.rpm ? `, ${d.rpm} rpm` : ''}` },
    { label: 'Capacity', value: fmtCapacity(d.sizeBytes) },
    { label: 'Link', value: link },
    { label: 'Firmware', value: d.firmware ?? '—' },
    {
      label: 'Serial',
      value: d.serial ? (showSerials ? d.serial : 'hidden (opt in to print it)') : '—',
    },
    {
      label: 'Sectors',
      value: `${d.logicalSectorBytes ?? '?'} / ${d.physicalSectorBytes ?? '?'} B`,
    },
    { label: 'TRIM', value: d.trim === null ? '—' : d.trim ? 'supported' : 'not supported' },
    { label: 'Scheduler', value: d.scheduler ?? '—' },
    { label: 'Holds', value: d.holds.length ? d.holds.join(', ') : '—' },
  ];
}

export function machineFacts(m: MachineProfile | null): Fact[] {
  if (!m) return [{ label: 'Machine', value: 'not recorded' }];
  return [
    {
      label: 'CPU',
      value: `${m.cpuModel ?? '—'}${m.cpuCores > 0 ? ` (${m.cpuCores} cores)` : ''}`,
    },
    { label: 'RAM', value: m.ramBytes > 0 ? fmtRam(m.ramBytes) : '—' },
    { label: 'Kernel', value: m.kernel ?? '—' },
    { label: 'Distribution', value: m.distro ?? '—' },
    { label: 'Session', value: m.session ?? '—' },
  ];
}

const SOURCE_WORDS = {
  measured: 'measured by Drivewise',
  imported: 'imported tool output',
  reference: 'published figures',
} as const;

export function runFacts(r: RunDocument): Fact[] {
  return [
    { label: 'Run', value: r.name ?? (r.label === 'after' ? 'After the swap' : 'Before the swap') },
    {
      label: 'Source',
      value: SOURCE_WORDS[r.source.kind] + (r.source.citation ? ` (${r.source.citation})` : ''),
    },
    { label: 'Tested folder', value: r.targetDir ?? '—' },
    {
      label: 'Plan',
      value: `${r.settings.profile}, ${r.settings.repetitions} repetition${r.settings.repetitions === 1 ? '' : 's'}`,
    },
    {
      label: 'Admin rights',
      value: r.privilege.state + (r.privilege.reason ? ` (${r.privilege.reason})` : ''),
    },
    { label: 'Bytes written', value: fmtCapacity(r.bytesWritten) },
    { label: 'App version', value: r.appVersion },
  ];
}
