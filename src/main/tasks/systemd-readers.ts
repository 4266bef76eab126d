// Pure readers of systemd's boot timing output (systemd-analyze time / blame) and of
// loginctl/systemctl property output.

/** systemd timespans: "1min 2.345s", "812ms", "1h 2min 3.4s", "356us", "2.5s". Seconds, or null. */
export function parseTimespan(text: string): number | null {
  const units: Record<string, number> = {
    d: 86400,
    h: 3600,
    min: 60,
    s: 1,
    ms: 1e-3,
    us: 1e-6,
    µs: 1e-6,
  };
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)\s*(d|h|min|ms|us|µs|s)\b/g)];
  if (parts.length === 0) return null;
  const joined = parts.map((p) => p[0]).join(' ');
  if (joined.replace(/\s+/g, '') !== text.trim().replace(/\s+/g, '')) return null;
  return Number(parts.reduce((a, p) => a + Number(p[1]) * units[p[2]!]!, 0).toFixed(6));
}

export interface BootTimes {
  firmware?: number;
  loader?: number;
  kernel?: number;
  initrd?: number;
  userspace?: number;
  total: number;
  /** "graphical.target reached after X in userspace" (or multi-user.target on servers). */
  target?: { unit: string; seconds: number };
}

export type Availability<T> = { available: true; value: T } | { available: false; reason: string };

/** `systemd-analyze time`: "Startup finished in 7.0s (firmware) + … = 26.9s" + target line. */
export function parseAnalyzeTime(out: string, err = ''): Availability<BootTimes> {
  const text = `${out}\n${err}`;
  const m = /Startup finished in (.+?) = ([^\n]+?)\s*$/m.exec(text);
  if (!m) {
    if (/not been booted with systemd|Failed to connect to bus|Host is down/.test(text))
      return { available: false, reason: 'this system was not booted with systemd' };
    if (/Bootup is not yet finished/.test(text))
      return { available: false, reason: 'the boot has not finished yet (try again in a minute)' };
    const line = text.trim().split('\n')[0];
    return { available: false, reason: line ? `systemd-analyze said: ${line}` : 'no output' };
  }
  const times: BootTimes = { total: parseTimespan(m[2]!) ?? NaN };
  for (const part of m[1]!.split('+')) {
    const p = /^\s*(.+?)\s*\((firmware|loader|kernel|initrd|userspace)\)\s*$/.exec(part);
    if (!p) continue;
    const v = parseTimespan(p[1]!);
    if (v !== null) times[p[2] as 'kernel'] = v;
  }
  const t = /^(\S+\.target) reached after (.+?) in userspace\.?\s*$/m.exec(text);
  if (t) {
    const v = parseTimespan(t[2]!);
    if (v !== null) times.target = { unit: t[1]!, seconds: v };
  }
  if (!Number.isFinite(times.total)) return { available: false, reason: `unreadable: ${m[0]}` };
  return { available: true, value: times };
}

/**
 * The boot a person waits for, GRUB to login screen: kernel + initrd + userspace up to the
 * graphical target (firmware and loader counted too when systemd knows them, as the seeds'
 * power-button stopwatch did).
 */
export function bootSeconds(t: BootTimes): number {
  const before = (t.firmware ?? 0) + (t.loader ?? 0) + (t.kernel ?? 0) + (t.initrd ?? 0);
  const user = t.target?.seconds ?? t.userspace;
  return user === undefined ? t.total : Number((before + user).toFixed(6));
}

export interface BlameEntry {
  unit: string;
  seconds: number;
}

/** `systemd-analyze blame`: "  5.123s NetworkManager-wait-online.service" per line. */
export function parseBlame(out: string): BlameEntry[] {
  const rows: BlameEntry[] = [];
  for (const line of out.split('\n')) {
    const m =
      /^\s*(.+?)\s+(\S+\.(?:service|mount|device|socket|target|swap|timer|slice|scope|path))\s*$/.exec(
        line,
      );
    if (!m) continue;
    const s = parseTimespan(m[1]!);
    if (s !== null) rows.push({ unit: m[2]!, seconds: s });
  }
  return rows.sort((a, b) => b.seconds - a.seconds);
}

/** `loginctl show-session ID -p TimestampMonotonic` / `systemctl show -p X`: "Key=value" lines. */
export function parseProperties(out: string): Record<string, string> {
  const props: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) props[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return props;
}

/** A monotonic µs property; 0 means "never happened" in systemd's output. */
export function monotonicUs(props: Record<string, string>, key: string): bigint | null {
  const v = props[key];
  if (!v || !/^\d+$/.test(v) || v === '0') return null;
  return BigInt(v);
}
