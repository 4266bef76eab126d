// Mount options: noatime or relatime, no `sync`, and the ext4/btrfs/xfs options that cost writes.
import { check, cmd, edit, ev, isSolidState } from './check-util';
import { parseFstab } from './parse';
import type { HealthCheck, HealthInputs, MountLine } from './types';

const T = 'Mount options do not cost extra writes';
const NO_ATIME_FS = /^(vfat|exfat|ntfs|ntfs3|fuseblk|iso9660|swap)$/;

interface Finding {
  mount: MountLine;
  severity: 'warn' | 'fail';
  what: string;
  drop: string[];
  add: string[];
}

export function mountFindings(m: MountLine, solidState: boolean): Finding[] {
  const o = new Set(m.options);
  const out: Finding[] = [];
  const f = (severity: Finding['severity'], what: string, drop: string[], add: string[] = []) =>
    out.push({ mount: m, severity, what, drop, add });
  if (o.has('sync'))
    f('fail', '"sync" writes every change through at once: many times the writes and far slower', [
      'sync',
    ]);
  if (!NO_ATIME_FS.test(m.fsType) && !o.has('noatime') && !o.has('relatime'))
    f(
      'warn',
      `${o.has('strictatime') ? '"strictatime"' : 'no relatime/noatime'}: every read also writes an access time`,
      ['strictatime', 'atime'],
      ['noatime'],
    );
  if (o.has('dirsync')) f('warn', '"dirsync" writes directory changes synchronously', ['dirsync']);
  if (m.fsType === 'ext4' || m.fsType === 'ext3') {
    if (o.has('data=journal'))
      f('warn', '"data=journal" writes all data twice (journal, then place)', ['data=journal']);
    const commit = [...o].map((x) => /^commit=(\d+)$/.exec(x)?.[1]).find(Boolean);
    if (commit && Number(commit) < 5)
      f('warn', `"commit=${commit}" flushes the journal every ${commit} s instead of 5`, [
        `commit=${commit}`,
      ]);
  }
  if (m.fsType === 'btrfs' && o.has('autodefrag') && solidState)
    f('warn', '"autodefrag" rewrites files on an SSD, where fragmentation costs nearly nothing', [
      'autodefrag',
    ]);
  if (m.fsType === 'xfs' && o.has('wsync'))
    f('warn', '"wsync" makes namespace operations synchronous', ['wsync']);
  return out;
}

export function checkMountOptions(inp: HealthInputs): HealthCheck {
  const mounts = inp.diskMounts.length
    ? inp.diskMounts
    : inp.mounts.filter((m) => m.mountpoint === inp.mountpoint);
  if (!mounts.length)
    return check(
      'mount-options',
      'mount-options',
      T,
      'unknown',
      `no filesystem of ${inp.path}'s drive is mounted`,
      [],
    );
  const flash = inp.disk ? isSolidState(inp.disk.kind, inp.disk.rotational) : false;
  const evidence = mounts.map((m) =>
    ev(`/proc/mounts ${m.mountpoint}`, `${m.device} ${m.fsType} ${m.options.join(',')}`),
  );
  const found = mounts.flatMap((m) => mountFindings(m, flash));
  if (!found.length)
    return check(
      'mount-options',
      'mount-options',
      T,
      'ok',
      `${mounts.map((m) => m.mountpoint).join(', ')}: ${mounts.every((m) => m.options.includes('noatime')) ? 'noatime' : 'relatime or noatime'}, no sync, nothing that adds writes.`,
      evidence,
    );
  const first = found[0]!;
  const fstab = parseFstab(inp.fstab.text ?? '').find((e) => e.file === first.mount.mountpoint);
  const drop = new Set(found.filter((x) => x.mount === first.mount).flatMap((x) => x.drop));
  const add = found.filter((x) => x.mount === first.mount).flatMap((x) => x.add);
  let fix;
  if (fstab) {
    const opts = [
      ...fstab.options.filter((x) => !drop.has(x)),
      ...add.filter((a) => !fstab.options.includes(a)),
    ];
    const fields = fstab.raw.split(/\s+/);
    fields[3] = opts.length ? opts.join(',') : 'defaults';
    fix = edit(
      fields.join('  '),
      `${inp.fstab.path} line ${fstab.line}; applies at the next mount (or \`sudo mount -o remount ${first.mount.mountpoint}\`)`,
    );
  } else {
    const remount = add.length
      ? add.join(',')
      : [...drop].map((d) => (d === 'sync' ? 'async' : d)).join(',');
    fix = cmd(
      `sudo mount -o remount,${remount} ${first.mount.mountpoint}`,
      `until the next boot; make it permanent in ${inp.fstab.path} or the mount unit`,
    );
  }
  return check(
    'mount-options',
    'mount-options',
    T,
    found.some((x) => x.severity === 'fail') ? 'fail' : 'warn',
    found.map((x) => `${x.mount.mountpoint}: ${x.what}`).join('; ') + '.',
    evidence,
    fix,
  );
}
