// TRIM: the drive accepts discards, every layer above it (LUKS, LVM thin pools) passes them down,
// and something issues them: fstrim.timer or the `discard` mount option.
import { check, cmd, edit, ev, isSolidState } from './check-util';
import { parseCrypttab } from './parse';
import type { DeviceLayer, HealthCheck, HealthInputs } from './types';

const T = 'TRIM reaches the drive';

/** 'vg-pool-tpool' → 'vg/pool' (device-mapper joins VG and LV with '-', doubling their own). */
export function lvmName(dmName: string): string {
  const base = dmName.replace(/-tpool$/, '');
  const parts = base.split(/(?<!-)-(?!-)/);
  const un = (x: string) => x.replace(/--/g, '-');
  return parts.length >= 2 ? `${un(parts[0]!)}/${un(parts.slice(1).join('-'))}` : un(base);
}

/** Layers that keep discards from the disk, with the fix for each. */
function blockers(
  inp: HealthInputs,
): { layer: DeviceLayer; why: string; fix: HealthCheck['fix'] }[] {
  const out: { layer: DeviceLayer; why: string; fix: HealthCheck['fix'] }[] = [];
  const crypttab = inp.crypttab.text ? parseCrypttab(inp.crypttab.text) : [];
  for (const l of inp.stack) {
    const table = l.dmTable ?? '';
    if (l.kind === 'crypt') {
      const line = crypttab.find((c) => c.name === l.dmName);
      // Live, sysfs says it (0 without allow_discards); the dm table needs root; crypttab is the
      // last word when neither could be read.
      const off =
        l.discardMax === 0 ||
        (l.dmTable !== null && !/allow_discards/.test(table)) ||
        (l.dmTable === null &&
          l.discardMax === null &&
          !!line &&
          !line.options.includes('discard'));
      if (!off) continue;
      out.push({
        layer: l,
        why: `the LUKS mapping ${l.dmName ?? l.name} does not allow discards`,
        fix: line
          ? edit(
              line.raw.replace(
                /^(\S+\s+\S+\s+\S+)(\s+(\S+))?/,
                (_m, head: string, _s, opts?: string) =>
                  `${head} ${opts && opts !== 'none' ? `${opts},discard` : 'discard'}`,
              ),
              `${inp.crypttab.path}: add "discard" to the options of ${line.name}, then \`sudo update-initramfs -u\` (LUKS2 can instead: sudo cryptsetup refresh --allow-discards --persistent ${line.name})`,
            )
          : cmd(
              `sudo cryptsetup refresh --allow-discards --persistent ${l.dmName ?? l.name}`,
              'LUKS2 stores the flag in its header; with LUKS1 add "discard" to its line in /etc/crypttab',
            ),
      });
    } else if (
      l.kind === 'lvm-thin-pool' &&
      /\b(ignore_discard|no_discard_passdown)\b/.test(table)
    ) {
      out.push({
        layer: l,
        why: `the LVM thin pool ${lvmName(l.dmName ?? l.name)} ${/ignore_discard/.test(table) ? 'ignores discards' : 'does not pass discards down'}`,
        fix: cmd(
          `sudo lvchange --discards passdown ${lvmName(l.dmName ?? l.name)}`,
          'the pool must be inactive to change from "ignore"',
        ),
      });
    } else if (
      (l.kind === 'lvm' || l.kind === 'lvm-thin' || l.kind === 'md' || l.kind === 'dm') &&
      l.discardMax === 0
    ) {
      out.push({
        layer: l,
        why: `${l.dmName ?? l.name} (${l.kind}) accepts no discards`,
        fix: null,
      });
    }
  }
  return out;
}

/** Each layer above the disk's discard limit, its dm table, and the crypttab line for dm-crypt. */
function layerEvidence(inp: HealthInputs): ReturnType<typeof ev>[] {
  const out: ReturnType<typeof ev>[] = [];
  for (const l of inp.stack.filter((x) => x.kind !== 'disk' && x.kind !== 'part')) {
    out.push(
      ev(
        `/sys/block/${l.name}/queue/discard_max_bytes (${l.kind} ${l.dmName ?? ''})`.replace(
          ' )',
          ')',
        ),
        l.discardMax,
      ),
    );
    if (l.dmTable !== null) out.push(ev(`dmsetup table ${l.dmName ?? l.name}`, l.dmTable));
    else if (l.kind === 'lvm-thin-pool')
      out.push(ev(`dmsetup table ${l.dmName ?? l.name}`, 'not read (needs admin rights)'));
  }
  const crypt = inp.stack.find((l) => l.kind === 'crypt');
  if (crypt && inp.crypttab.text !== null) {
    const line = parseCrypttab(inp.crypttab.text).find((c) => c.name === crypt.dmName);
    if (line) out.push(ev(inp.crypttab.path, line.raw));
  }
  return out;
}

/** fstrim.timer is enabled but cannot fire: the system was not booted with systemd. */
function timerOff(
  inp: HealthInputs,
  what: string,
  online: string | undefined,
  evidence: HealthCheck['evidence'],
): HealthCheck | null {
  const t = inp.fstrimTimer;
  if (!t.enabled || t.viaCron || t.systemdBooted !== false || online) return null;
  return check(
    'trim',
    'trim',
    T,
    'unknown',
    `fstrim.timer is enabled, but this system was not booted with systemd (no /run/systemd/system), so the timer does not run here: whether the ${what} is ever trimmed is unknown. On the installed system, check it with the command below.`,
    [...evidence, ev('/run/systemd/system', 'absent (not booted with systemd)')],
    cmd('systemctl list-timers fstrim.timer', 'shows when fstrim last ran and runs next'),
  );
}

export function checkTrim(inp: HealthInputs): HealthCheck {
  const d = inp.disk;
  if (!d)
    return check('trim', 'trim', T, 'unknown', `cannot tell which disk holds ${inp.path}`, []);
  const evidence = [ev(`/sys/block/${d.name}/queue/discard_max_bytes`, d.discardMax)];
  if (d.discardMax === null)
    return check('trim', 'trim', T, 'unknown', `cannot read ${evidence[0]!.source}`, evidence);
  if (d.discardMax === 0) {
    if (d.kind === 'hdd')
      return check('trim', 'trim', T, 'ok', 'A hard disk has no use for TRIM.', evidence);
    return check(
      'trim',
      'trim',
      T,
      'warn',
      d.kind === 'usb'
        ? `${d.path} accepts no discards: its USB bridge does not pass TRIM (UNMAP), so the SSD slows down as it fills. Nothing to fix in Linux; an enclosure with UAS/UNMAP support would.`
        : `${d.path} accepts no discards (discard_max_bytes is 0): the drive cannot be trimmed.`,
      evidence,
      cmd(`lsblk --discard ${d.path}`, 'DISC-GRAN and DISC-MAX stay 0 while discards are off'),
    );
  }
  evidence.push(...layerEvidence(inp));
  const blocked = blockers(inp);
  if (blocked.length)
    return check(
      'trim',
      'trim',
      T,
      'fail',
      `TRIM never reaches ${d.path}: ${blocked.map((b) => b.why).join('; ')}.`,
      evidence,
      blocked.find((b) => b.fix)?.fix ?? null,
    );
  const mount = inp.mounts.find((m) => m.mountpoint === inp.mountpoint);
  const online = mount?.options.find((o) => o === 'discard' || o.startsWith('discard='));
  if (mount) evidence.push(ev(`/proc/mounts (${mount.mountpoint})`, mount.options.join(',')));
  evidence.push(ev(inp.fstrimTimer.source, inp.fstrimTimer.value));
  const what = isSolidState(d.kind, d.rotational) ? 'SSD' : 'drive';
  const timerCannotRun = timerOff(inp, what, online, evidence);
  if (timerCannotRun) return timerCannotRun;
  if (
    inp.fstrimTimer.enabled &&
    !(inp.fstrimTimer.systemdBooted === false && !inp.fstrimTimer.viaCron)
  )
    return check('trim', 'trim', T, 'ok', `fstrim.timer trims the ${what} weekly.`, evidence);
  if (online)
    return check(
      'trim',
      'trim',
      T,
      'ok',
      `${inp.mountpoint} is mounted with "${online}": deleted blocks are trimmed as they are freed.`,
      evidence,
    );
  const fix = cmd(
    'sudo systemctl enable --now fstrim.timer',
    'trims every mounted filesystem once a week',
  );
  if (inp.fstrimTimer.enabled === null)
    return check(
      'trim',
      'trim',
      T,
      'warn',
      `The ${what} supports TRIM, but whether fstrim.timer runs could not be read, and ${inp.mountpoint ?? 'the filesystem'} is not mounted with "discard".`,
      evidence,
      fix,
    );
  return check(
    'trim',
    'trim',
    T,
    'fail',
    `The ${what} supports TRIM but it is never run: fstrim.timer is not enabled and ${inp.mountpoint ?? 'the filesystem'} is not mounted with "discard".`,
    evidence,
    fix,
  );
}
