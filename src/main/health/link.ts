// Link: the negotiated SATA / PCIe / USB link against what the port and the drive can do, said as
// the throughput it allows ("your port runs at 3 Gb/s and caps this drive at about 279 MB/s").
import { parsePcieSpeed, parseSataSpeed, sataCeilingMBps } from '../drives/link-speed';
import { check, cmd, ev } from './check-util';
import type { DiskFacts, HealthCheck } from './types';

const T = 'Link runs at full speed';
const mb = (x: number | null | undefined) =>
  x ? `about ${Math.round(x)} MB/s` : 'an unknown rate';

function sata(d: DiskFacts): HealthCheck {
  const l = d.link!;
  const evidence = [
    ev(`/sys/class/ata_link/*/sata_spd (${d.name})`, l.current),
    ev(`/sys/class/ata_link/*/hw_sata_spd_limit (${d.name})`, l.max),
  ];
  if (l.deviceMax) evidence.push(ev(`smartctl -a -j ${d.path}: interface_speed.max`, l.deviceMax));
  const cur = parseSataSpeed(l.current);
  const port = parseSataSpeed(l.max);
  const dev = parseSataSpeed(l.deviceMax ?? null);
  if (!cur)
    return check(
      'link',
      'link',
      T,
      'unknown',
      `the SATA link of ${d.path} reports no speed (link down?)`,
      evidence,
    );
  const capMB = sataCeilingMBps(cur.gbps);
  const findPorts = cmd(
    "sudo dmesg | grep -i 'SATA link up'",
    'lists the speed each port negotiated; move the drive (and its cable) to a port that says 6.0 Gbps',
  );
  const belowPort = port !== null && cur.gbps < port.gbps;
  const belowDev = dev === null || cur.gbps < dev.gbps;
  if (d.kind === 'hdd')
    return check(
      'link',
      'link',
      T,
      'ok',
      `SATA at ${cur.gbps.toFixed(1)} Gb/s allows ${mb(capMB)}; a hard disk does not reach that${belowPort ? ', so the slower link costs nothing' : ''}.`,
      evidence,
    );
  if (belowPort && belowDev)
    return check(
      'link',
      'link',
      T,
      'fail',
      `The link negotiated ${cur.gbps.toFixed(1)} Gb/s although the port supports ${port!.gbps.toFixed(1)} Gb/s${dev ? ` and the drive ${dev.gbps.toFixed(1)} Gb/s` : ''}: it caps this drive at ${mb(capMB)}. A worn or loose cable, or a port set to a lower speed, does this.`,
      evidence,
      findPorts,
    );
  if (cur.gbps < 6 && (dev === null || dev.gbps > cur.gbps))
    return check(
      'link',
      'link',
      T,
      'warn',
      `Your port runs at ${cur.gbps.toFixed(1)} Gb/s and caps this drive at ${mb(capMB)}${dev ? ` (the drive can do ${dev.gbps.toFixed(1)} Gb/s, ${mb(sataCeilingMBps(dev.gbps))})` : ''}. A SATA III (6 Gb/s) port would let it run at full speed.`,
      evidence,
      findPorts,
    );
  return check(
    'link',
    'link',
    T,
    'ok',
    `SATA at ${cur.gbps.toFixed(1)} Gb/s allows ${mb(capMB)}.`,
    evidence,
  );
}

function pcie(d: DiskFacts): HealthCheck {
  const l = d.link!;
  const evidence = [
    ev(`/sys/class/nvme/*/device/current_link_speed, current_link_width (${d.name})`, l.current),
    ev(`/sys/class/nvme/*/device/max_link_speed, max_link_width (${d.name})`, l.max),
  ];
  const curG = parsePcieSpeed(l.current);
  const maxG = parsePcieSpeed(l.max);
  const w = (s: string | null) => Number(/x(\d+)/.exec(s ?? '')?.[1] ?? NaN);
  if (curG === null)
    return check(
      'link',
      'link',
      T,
      'unknown',
      `the PCIe link of ${d.path} reports no speed`,
      evidence,
    );
  const slower = maxG !== null && curG < maxG;
  const narrower = w(l.current) < w(l.max);
  if (slower || narrower)
    return check(
      'link',
      'link',
      T,
      'warn',
      `The drive runs at ${l.current} and allows ${mb(l.ceilingMBps)}; it could do ${l.max}, ${mb(l.maxCeilingMBps)}. ${narrower ? 'Fewer lanes than the drive has: the slot shares lanes or is wired narrower.' : 'The slot (or the board) is an older PCIe generation.'}${curG <= 2.5 ? ' Some platforms lower the link while idle; read it again under load.' : ''}`,
      evidence,
      cmd(
        "sudo lspci -vv | grep -E 'Non-Volatile|LnkCap:|LnkSta:'",
        'LnkCap is what the drive can do, LnkSta what it got; the board manual says which M.2 slot has full-speed CPU lanes',
      ),
    );
  return check(
    'link',
    'link',
    T,
    'ok',
    `${l.current}: the drive runs at its full link, ${mb(l.ceilingMBps)}.`,
    evidence,
  );
}

function usb(d: DiskFacts): HealthCheck {
  const l = d.link!;
  const evidence = [ev(`/sys/bus/usb/devices/*/speed (${d.name})`, l.current)];
  if ((l.ceilingMBps ?? 0) <= 40)
    return check(
      'link',
      'link',
      T,
      'warn',
      `The drive is on ${l.current}, which caps it at ${mb(l.ceilingMBps)}.`,
      evidence,
      cmd(
        'lsusb -t',
        "shows each port's speed: plug the drive into a 5000M (USB 3) port, usually blue",
      ),
    );
  return check('link', 'link', T, 'ok', `${l.current} allows ${mb(l.ceilingMBps)}.`, evidence);
}

export function checkLink(d: DiskFacts | null): HealthCheck {
  if (!d) return check('link', 'link', T, 'unknown', 'cannot tell which disk to check', []);
  if (!d.link) {
    const why =
      d.kind === 'virtual'
        ? `${d.path} is a virtual disk: there is no SATA or PCIe link to read`
        : d.kind === 'loop'
          ? `${d.path} is a loop device (a file): it has no link of its own`
          : `/sys shows no SATA, PCIe or USB link for ${d.path}`;
    return check('link', 'link', T, 'unknown', why, [ev(`/sys/block/${d.name}/device`, d.kind)]);
  }
  if (d.link.bus === 'sata') return sata(d);
  if (d.link.bus === 'pcie') return pcie(d);
  if (d.link.bus === 'usb') return usb(d);
  return check('link', 'link', T, 'unknown', `unknown bus ${d.link.bus}`, []);
}
