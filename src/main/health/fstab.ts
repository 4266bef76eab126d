// fstab: entries name filesystems by UUID/PARTUUID/LABEL (not /dev/sdX, which changes when disks are
// reordered), and every entry resolves to a filesystem that exists.
import { check, edit, ev } from './check-util';
import { parseCmdline, parseFstab, type FstabEntry } from './parse';
import { KERNEL_NAME, resolveSpec, stableName, VIRTUAL_FS } from './spec';
import type { HealthCheck, HealthInputs } from './types';

const isDeviceEntry = (e: FstabEntry) =>
  !VIRTUAL_FS.test(e.fsType) && !VIRTUAL_FS.test(e.spec) && !e.options.includes('bind');

function unreadable(inp: HealthInputs, id: string, title: string): HealthCheck | null {
  if (inp.fstab.text !== null || inp.fstab.error === 'absent') return null;
  return check('fstab', id, title, 'unknown', `cannot read ${inp.fstab.path}: ${inp.fstab.error}`, [
    ev(inp.fstab.path, inp.fstab.error),
  ]);
}

function noEntries(inp: HealthInputs, id: string, title: string): HealthCheck | null {
  const entries = parseFstab(inp.fstab.text ?? '').filter(isDeviceEntry);
  if (entries.length) return null;
  const root = parseCmdline(inp.cmdline.text ?? '').get('root');
  return check(
    'fstab',
    id,
    title,
    'ok',
    `${inp.fstab.path} ${inp.fstab.text === null ? 'does not exist' : 'lists no disk filesystems'}: nothing in it can point at the wrong disk.${root ? ` The root filesystem comes from the kernel command line (root=${root}).` : ''}`,
    [
      ev(
        inp.fstab.path,
        inp.fstab.text === null
          ? 'absent'
          : `${parseFstab(inp.fstab.text).length} entries, none on a disk`,
      ),
    ],
  );
}

export function checkFstabNames(inp: HealthInputs): HealthCheck {
  const title = 'fstab names filesystems by UUID or LABEL';
  const early = unreadable(inp, 'fstab.names', title) ?? noEntries(inp, 'fstab.names', title);
  if (early) return early;
  const entries = parseFstab(inp.fstab.text!).filter(isDeviceEntry);
  const bad = entries.filter((e) => KERNEL_NAME.test(e.spec));
  const evidence = entries.map((e) => ev(`${inp.fstab.path}:${e.line}`, e.raw));
  if (!bad.length)
    return check(
      'fstab',
      'fstab.names',
      title,
      'ok',
      `All ${entries.length} disk entries use stable names (UUID, PARTUUID, LABEL or a mapper/LVM path).`,
      evidence,
    );
  const fixed = bad.map((e) => {
    const r = resolveSpec(e.spec, inp.inventory);
    const name = r.entry ? stableName(r.entry) : null;
    return name ? e.raw.replace(e.spec, name) : null;
  });
  const lines = fixed.filter((x): x is string => x !== null);
  return check(
    'fstab',
    'fstab.names',
    title,
    'warn',
    `${bad.map((e) => e.spec).join(', ')} ${bad.length > 1 ? 'are kernel names' : 'is a kernel name'}: they follow the order disks are found in, so adding or removing a disk can mount the wrong one or stop the boot.`,
    evidence,
    lines.length
      ? edit(
          lines.join('\n'),
          `${inp.fstab.path}: replace the line${lines.length > 1 ? 's' : ''} for ${bad.map((e) => e.spec).join(', ')} (UUIDs from \`lsblk -f\`)`,
        )
      : edit(
          bad.map((e) => e.raw.replace(e.spec, 'UUID=<from lsblk -f>')).join('\n'),
          `${inp.fstab.path}: \`lsblk -f\` shows each filesystem's UUID`,
        ),
  );
}

export function checkFstabResolves(inp: HealthInputs): HealthCheck {
  const title = 'Every fstab entry finds its filesystem';
  const early = unreadable(inp, 'fstab.resolve', title) ?? noEntries(inp, 'fstab.resolve', title);
  if (early) return early;
  const entries = parseFstab(inp.fstab.text!).filter(isDeviceEntry);
  const evidence = [];
  const missing: FstabEntry[] = [];
  for (const e of entries) {
    const r = resolveSpec(e.spec, inp.inventory, inp.pathExists);
    const found = r.entry
      ? `${r.entry.path}${r.entry.fsType ? ` (${r.entry.fsType})` : ''}`
      : r.fileExists
        ? 'file exists'
        : null;
    evidence.push(ev(`${inp.fstab.path}:${e.line} ${e.spec}`, found ?? 'not found'));
    if (!found) missing.push(e);
  }
  if (!missing.length)
    return check(
      'fstab',
      'fstab.resolve',
      title,
      'ok',
      `All ${entries.length} disk entries resolve to a filesystem that exists.`,
      evidence,
    );
  const hard = missing.filter(
    (e) => !e.options.includes('nofail') && !e.options.includes('noauto'),
  );
  return check(
    'fstab',
    'fstab.resolve',
    title,
    hard.length ? 'fail' : 'warn',
    `${missing.map((e) => `${e.spec} (${e.file})`).join(', ')} ${missing.length > 1 ? 'match' : 'matches'} no filesystem on this machine${hard.length ? ': the boot stops in an emergency shell waiting for it' : ', but the entry is marked nofail/noauto so the boot goes on'}. This is typical for the old drive's UUIDs after a fresh install or a swap.`,
    evidence,
    edit(
      missing.map((e) => `# ${e.raw}`).join('\n'),
      `${inp.fstab.path}: comment out (or correct with a UUID from \`lsblk -f\`) line${missing.length > 1 ? 's' : ''} ${missing.map((e) => e.line).join(', ')}`,
    ),
  );
}
