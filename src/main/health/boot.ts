// Boot-time leftovers of a swap: resume= pointing at the old swap, swap still on the old (slow)
// drive, and the old drive still mounted or in fstab.
import { check, cmd, edit, ev } from './check-util';
import { parseCmdline, parseFstab, parseInitramfsResume, parseProcSwaps } from './parse';
import { resolveSpec, stableName } from './spec';
import type { HealthCheck, HealthInputs, OtherDisk } from './types';

/** Which disks a swap (device or file) lives on. */
function swapDisks(inp: HealthInputs, filename: string): string[] {
  const r = resolveSpec(filename, inp.inventory);
  if (r.entry) return r.entry.disks;
  // A swap file: the disk of the filesystem that holds it.
  const m = [...inp.mounts]
    .filter((x) => filename.startsWith(x.mountpoint === '/' ? '/' : x.mountpoint + '/'))
    .sort((a, b) => b.mountpoint.length - a.mountpoint.length)[0];
  const e = m ? resolveSpec(m.device, inp.inventory).entry : null;
  return e?.disks ?? [];
}

const newSwapFix = (inp: HealthInputs) =>
  cmd(
    'sudo fallocate -l 4G /swapfile && sudo chmod 600 /swapfile && sudo mkswap /swapfile && sudo swapon /swapfile',
    `makes a swap file on ${inp.mountpoint === '/' ? 'the new drive' : '/'}; add "/swapfile none swap defaults 0 0" to /etc/fstab and remove the old swap's line`,
  );

/** Why each resume target is wrong: missing or not swap fails, swap left on the old drive warns. */
function resumeProblems(
  inp: HealthInputs,
  targets: { where: string; spec: string }[],
  offset: boolean,
): { problems: string[]; status: 'ok' | 'warn' | 'fail' } {
  const problems: string[] = [];
  let status: 'ok' | 'warn' | 'fail' = 'ok';
  for (const t of targets) {
    const r = resolveSpec(t.spec, inp.inventory, inp.pathExists);
    if (!r.entry) {
      problems.push(`${t.where} names ${t.spec}, which does not exist on this machine`);
      status = 'fail';
    } else if (r.entry.fsType !== 'swap' && !offset) {
      problems.push(
        `${t.where} names ${t.spec} = ${r.entry.path}, which holds ${r.entry.fsType ?? 'no filesystem'}, not swap`,
      );
      status = 'fail';
    } else if (
      !r.entry.disks.some((d) => inp.disks.includes(`/dev/${d}`)) &&
      inp.oldDrive &&
      r.entry.disks.some((d) => inp.oldDrive!.path === `/dev/${d}`)
    ) {
      problems.push(`${t.where} names swap on the old drive (${r.entry.path})`);
      if (status === 'ok') status = 'warn';
    }
  }
  return { problems, status };
}

export function checkResume(inp: HealthInputs): HealthCheck {
  const title = 'Hibernation resume= points at an existing swap';
  const args = parseCmdline(inp.cmdline.text ?? '');
  const evidence = [
    ev(
      inp.cmdline.path,
      inp.cmdline.text === null ? inp.cmdline.error : `resume=${args.get('resume') ?? '(not set)'}`,
    ),
  ];
  const fromInitramfs =
    inp.initramfsResume.text !== null ? parseInitramfsResume(inp.initramfsResume.text) : null;
  evidence.push(
    ev(
      inp.initramfsResume.path,
      inp.initramfsResume.text === null
        ? inp.initramfsResume.error
        : `RESUME=${fromInitramfs ?? '(not set)'}`,
    ),
  );
  if (inp.cmdline.text === null)
    return check(
      'fstab',
      'fstab.resume',
      title,
      'unknown',
      `cannot read ${inp.cmdline.path}: ${inp.cmdline.error}`,
      evidence,
    );
  const targets = [
    { where: inp.cmdline.path, spec: args.get('resume') ?? null },
    { where: inp.initramfsResume.path, spec: fromInitramfs },
  ].filter((t): t is { where: string; spec: string } => !!t.spec && !/^(none|auto)$/i.test(t.spec));
  if (!targets.length)
    return check(
      'fstab',
      'fstab.resume',
      title,
      'ok',
      'No resume device is set, so nothing can point at the old swap (hibernation, if used, finds swap by itself or is off).',
      evidence,
    );
  const swaps = inp.inventory.filter((e) => e.fsType === 'swap');
  const suggestion =
    swaps.find((s) => s.disks.some((d) => inp.disks.includes(`/dev/${d}`))) ?? swaps[0];
  const { problems, status } = resumeProblems(inp, targets, args.has('resume_offset'));
  const name = suggestion ? stableName(suggestion) : null;
  if (status === 'ok')
    return check(
      'fstab',
      'fstab.resume',
      title,
      'ok',
      `resume= names ${targets.map((t) => t.spec).join(' and ')}, an existing swap.`,
      evidence,
    );
  return check(
    'fstab',
    'fstab.resume',
    title,
    status,
    `${problems.join('; ')}: hibernation cannot resume, and some systems wait for it at every boot.`,
    evidence,
    edit(
      `GRUB_CMDLINE_LINUX_DEFAULT="... resume=${name ?? 'UUID=<swap UUID from lsblk -f>'}"`,
      `/etc/default/grub, then \`sudo update-grub\`; with initramfs-tools also set RESUME=${name ?? 'UUID=…'} in /etc/initramfs-tools/conf.d/resume and run \`sudo update-initramfs -u\``,
    ),
  );
}

const slower = (o: OtherDisk | undefined, inp: HealthInputs) =>
  !!o &&
  (o.kind === 'hdd' ||
    (o.rotational && inp.disk?.kind !== 'hdd' && o.kind !== 'virtual' && o.kind !== 'loop'));

export function checkSwap(inp: HealthInputs): HealthCheck {
  const title = 'Swap is on the new drive';
  if (inp.swaps.text === null)
    return check(
      'fstab',
      'fstab.swap',
      title,
      'unknown',
      `cannot read ${inp.swaps.path}: ${inp.swaps.error}`,
      [],
    );
  const swaps = parseProcSwaps(inp.swaps.text);
  const evidence = swaps.map((s) => ev(inp.swaps.path, `${s.filename} ${s.type} ${s.sizeKb} KiB`));
  if (!swaps.length)
    return check(
      'fstab',
      'fstab.swap',
      title,
      'ok',
      'No swap is in use, so none is left on the old drive.',
      [ev(inp.swaps.path, 'no swap active')],
    );
  const off: string[] = [];
  let status: 'ok' | 'warn' = 'ok';
  for (const s of swaps) {
    if (/^\/dev\/zram\d+$/.test(s.filename)) continue;
    const disks = swapDisks(inp, s.filename);
    if (!disks.length || disks.some((d) => inp.disks.includes(`/dev/${d}`))) continue;
    const other = inp.otherDisks.find((o) => disks.includes(o.name));
    const isOld = !!inp.oldDrive && disks.some((d) => inp.oldDrive!.path === `/dev/${d}`);
    off.push(
      `${s.filename} is on ${disks.map((d) => `/dev/${d}`).join(', ')}${other?.model ? ` (${other.model})` : ''}`,
    );
    if (isOld || slower(other, inp)) status = 'warn';
  }
  if (!off.length)
    return check(
      'fstab',
      'fstab.swap',
      title,
      'ok',
      `Swap is on ${inp.disks.join(', ') || 'the checked drive'} (or in RAM).`,
      evidence,
    );
  return check(
    'fstab',
    'fstab.swap',
    title,
    status,
    `${off.join('; ')}${status === 'warn' ? ': swapping there is slow, and the swap vanishes when that drive is removed' : ', another drive that is not slower; fine if you keep it'}.`,
    evidence,
    status === 'warn' ? newSwapFix(inp) : null,
  );
}

const describe = (o: OtherDisk) => `${o.path}${o.model ? ` (${o.model})` : ''}`;

/** Fstab entries that land on a given disk. */
function fstabOn(inp: HealthInputs, disk: string): { label: string; raw: string }[] {
  return parseFstab(inp.fstab.text ?? '').flatMap((e) => {
    const r = resolveSpec(e.spec, inp.inventory);
    return r.entry?.disks.includes(disk) ? [{ label: `${e.spec} → ${e.file}`, raw: e.raw }] : [];
  });
}

function unidentifiedOldDrive(
  inp: HealthInputs,
  title: string,
  evidence: HealthCheck['evidence'],
): HealthCheck | null {
  // Presence only from identity: without a serial a device name says nothing (loop devices and
  // sdX names are handed out again at every boot), so "not connected" would be a guess.
  if (!inp.oldDrive || inp.oldDrive.serial !== null) return null;
  return check(
    'fstab',
    'fstab.old-drive',
    title,
    'unknown',
    `The old drive (${inp.oldDrive.path}) reported no serial number, so it cannot be recognised again: device names change between boots. Whether it is still connected is unknown; check its mounts with lsblk.`,
    evidence,
    cmd('lsblk -o NAME,SERIAL,WWN,UUID,MOUNTPOINTS', 'lists every drive with its identity'),
  );
}

export function checkOldDrive(inp: HealthInputs): HealthCheck {
  const title = 'Old drive still mounted or in fstab';
  const others = inp.otherDisks.filter(
    (o) => (o.kind !== 'loop' && o.kind !== 'virtual') || o.mountpoints.length,
  );
  const oldPresent = inp.oldDrive
    ? (others.find((o) => inp.oldDrive!.serial !== null && o.serial === inp.oldDrive!.serial) ??
      others.find(
        (o) =>
          inp.oldDrive!.serial === null &&
          o.path === inp.oldDrive!.path &&
          !inp.disks.includes(o.path),
      ))
    : undefined;
  const evidence = [
    ev(
      'before-run drive',
      inp.oldDrive
        ? `${inp.oldDrive.path}${inp.oldDrive.model ? ` (${inp.oldDrive.model})` : ''}${inp.oldDrive.serial ? ` serial ${inp.oldDrive.serial}` : ''}`
        : 'not known (no --run)',
    ),
    ...others.map((o) =>
      ev(
        `lsblk ${o.path}`,
        o.mountpoints.length ? `mounted at ${o.mountpoints.join(', ')}` : 'not mounted',
      ),
    ),
  ];
  if (oldPresent) {
    const inFstab = fstabOn(inp, oldPresent.name);
    if (oldPresent.mountpoints.length || inFstab.length)
      return check(
        'fstab',
        'fstab.old-drive',
        title,
        'warn',
        `The old drive ${describe(oldPresent)} is still ${oldPresent.mountpoints.length ? `mounted at ${oldPresent.mountpoints.join(', ')}` : ''}${oldPresent.mountpoints.length && inFstab.length ? ' and ' : ''}${inFstab.length ? `in fstab (${inFstab.map((f) => f.label).join('; ')})` : ''}. That is fine if you keep it for data; if you mean to remove it, unmount it and take its lines out of fstab first, or the boot will wait for it.`,
        evidence,
        inFstab.length
          ? edit(
              inFstab.map((f) => `# ${f.raw}`).join('\n'),
              `${inp.fstab.path}: comment out these lines before removing the drive`,
            )
          : cmd(`sudo umount ${oldPresent.mountpoints.join(' ')}`, 'before removing the drive'),
      );
    return check(
      'fstab',
      'fstab.old-drive',
      title,
      'ok',
      `The old drive ${describe(oldPresent)} is connected but not mounted and not in fstab: it can be removed.`,
      evidence,
    );
  }
  const mounted = others.filter((o) => o.mountpoints.length);
  const noIdentity = unidentifiedOldDrive(inp, title, evidence);
  if (noIdentity) return noIdentity;
  if (inp.oldDrive)
    return check(
      'fstab',
      'fstab.old-drive',
      title,
      'ok',
      `The old drive (${inp.oldDrive.path}) is not connected any more${mounted.length ? `; other mounted drives: ${mounted.map(describe).join(', ')}` : ''}.`,
      evidence,
    );
  return check(
    'fstab',
    'fstab.old-drive',
    title,
    'ok',
    mounted.length
      ? `Other drives are mounted: ${mounted.map((o) => `${describe(o)} at ${o.mountpoints.join(', ')}`).join('; ')}. If one is the old drive, that is fine while you keep it; unmount it and remove its fstab lines before taking it out.`
      : 'No other drive is mounted.',
    evidence,
  );
}
