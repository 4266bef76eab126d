// The machine around the drive: CPU, RAM, kernel, distribution, desktop session.
import { cpus } from 'node:os';
import type { MachineProfile } from '../../shared/schemas/drive';
import { SysRoot } from './sysfs';

export function parseCpuinfo(text: string): { model: string | null; cores: number } {
  const models = [...text.matchAll(/^(?:model name|Model|Hardware|cpu model)\s*:\s*(.+)$/gm)];
  const cores = [...text.matchAll(/^processor\s*:/gm)].length;
  return { model: models[0]?.[1]?.trim() ?? null, cores };
}

export function parseOsRelease(text: string): string | null {
  const get = (k: string) =>
    new RegExp(`^${k}=(?:"([^"]*)"|(.*))$`, 'm')
      .exec(text)
      ?.slice(1)
      .find((x) => x !== undefined);
  return get('PRETTY_NAME')?.trim() || get('NAME')?.trim() || null;
}

export function sessionOf(env: NodeJS.ProcessEnv): string | null {
  const type =
    env.XDG_SESSION_TYPE?.trim() || (env.WAYLAND_DISPLAY ? 'wayland' : env.DISPLAY ? 'x11' : '');
  const desktop = env.XDG_CURRENT_DESKTOP?.trim() || env.DESKTOP_SESSION?.trim() || '';
  if (!type && !desktop) return null;
  return desktop ? `${type || 'unknown'} (${desktop})` : type;
}

export function machineProfileWith(
  opts: { root?: string; env?: NodeJS.ProcessEnv } = {},
): MachineProfile {
  const sys = new SysRoot(opts.root ?? '/');
  const live = (opts.root ?? '/') === '/';
  const cpu = parseCpuinfo(sys.read('/proc/cpuinfo') ?? '');
  const memKb = /^MemTotal:\s*(\d+)\s*kB/m.exec(sys.read('/proc/meminfo') ?? '')?.[1];
  return {
    hostname: sys.read('/proc/sys/kernel/hostname'),
    cpuModel: cpu.model ?? (live ? (cpus()[0]?.model ?? null) : null),
    cpuCores: cpu.cores || (live ? cpus().length : 0),
    ramBytes: memKb ? Number(memKb) * 1024 : 0,
    kernel: sys.read('/proc/sys/kernel/osrelease'),
    distro: parseOsRelease(sys.read('/etc/os-release') ?? sys.read('/usr/lib/os-release') ?? ''),
    session: sessionOf(opts.env ?? (live ? process.env : {})),
  };
}
