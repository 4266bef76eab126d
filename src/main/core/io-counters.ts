// Pure parsers of the kernel's block-device, CPU, process and pressure counters. One place for
// them: the per-phase conditions (engine) and the predict feature read the same files, and a
// field-position mistake here would skew both. Each returns null on text it cannot read, so a
// kernel without a file (no PSI, a container without /sys) degrades to "not recorded".

/** Bytes per sector in /sys/block/<dev>/stat: always 512, whatever the device's block size. */
export const STAT_SECTOR_BYTES = 512;

export interface BlockStat {
  readIos: number;
  readSectors: number;
  /** Milliseconds reads spent in flight, summed over every read (two at once count twice). */
  readTicksMs: number;
  writeIos: number;
  writeSectors: number;
  writeTicksMs: number;
  /** Milliseconds with I/O in flight. */
  ioTicksMs: number;
}

const ints = (s: string): number[] | null => {
  const parts = s.trim().split(/\s+/);
  const out = parts.map(Number);
  return parts[0] !== '' && out.every((n) => Number.isSafeInteger(n) && n >= 0) ? out : null;
};

/**
 * /sys/block/<dev>/stat or /sys/block/<disk>/<part>/stat (the same layout): reads, read merges,
 * read sectors, read ticks, writes, write merges, write sectors, write ticks, in flight, io_ticks,
 * …; kernels before 4.18 stop after 11 fields, later ones add discard and flush counters.
 */
export function parseBlockStat(text: string): BlockStat | null {
  const f = ints(text);
  if (!f || f.length < 11) return null;
  return {
    readIos: f[0]!,
    readSectors: f[2]!,
    readTicksMs: f[3]!,
    writeIos: f[4]!,
    writeSectors: f[6]!,
    writeTicksMs: f[7]!,
    ioTicksMs: f[9]!,
  };
}

/** All cores' time in USER_HZ ticks, from /proc/stat's first (aggregate) line. */
export interface CpuTimes {
  user: number;
  nice: number;
  system: number;
  idle: number;
  iowait: number;
  irq: number;
  softirq: number;
  steal: number;
}

export function parseProcStatCpu(text: string): CpuTimes | null {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  const f = line ? ints(line.slice(4)) : null;
  // guest and guest_nice are already inside user and nice: not added again.
  if (!f || f.length < 8) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { user, nice, system, idle, iowait, irq, softirq, steal };
}

/** Ticks a running CPU spent on anything but idle, I/O wait and the hypervisor (steal). */
export const busyTicks = (c: CpuTimes): number => c.user + c.nice + c.system + c.irq + c.softirq;

export const allTicks = (c: CpuTimes): number => busyTicks(c) + c.idle + c.iowait + c.steal;

/** A process's CPU in USER_HZ ticks, its reaped children's included (cutime, cstime). */
export interface ProcessCpu {
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}

/**
 * /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold spaces and
 * ')', so the fields are counted from the last ')': state is field 3, utime 14 … cstime 17.
 */
export function parseProcessStat(text: string): ProcessCpu | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const f = rest.slice(11, 15).map(Number);
  if (f.length < 4 || !f.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  return { utime: f[0]!, stime: f[1]!, cutime: f[2]!, cstime: f[3]! };
}

export const processTicks = (p: ProcessCpu): number => p.utime + p.stime + p.cutime + p.cstime;

/**
 * User-space ticks: what other programs take is counted here. Kernel time is not, because on a
 * loop or virtual disk the I/O of the test itself runs in kernel threads and interrupts (the
 * loop worker's copies, completions), which read as 60-85 % "others" in a quiet run.
 */
export const userTicks = (c: CpuTimes): number => c.user + c.nice;
export const processUserTicks = (p: ProcessCpu): number => p.utime + p.cutime;

/** Storage bytes a process (and the children it reaped) caused, from /proc/<pid>/io. */
export interface ProcessIo {
  readBytes: number;
  writeBytes: number;
}

const field = (text: string, name: string, sep: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(name + sep));
  if (!line) return null;
  const n = Number(line.slice(name.length + sep.length).trim());
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * read_bytes counts bios submitted (O_DIRECT and page-cache misses alike); write_bytes counts
 * bytes when they are dirtied or written direct, not when writeback reaches the device.
 */
export function parseProcessIo(text: string): ProcessIo | null {
  const readBytes = field(text, 'read_bytes', ': ');
  const writeBytes = field(text, 'write_bytes', ': ');
  return readBytes === null || writeBytes === null ? null : { readBytes, writeBytes };
}

/** /proc/pressure/{cpu,io,memory}: the "some" line's total, microseconds of stall. */
export function parsePressureSome(text: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith('some '));
  const m = line && /\btotal=(\d+)\b/.exec(line);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/** One counter of /proc/vmstat ("pswpin 0"). */
export const parseVmstat = (text: string, name: string): number | null => field(text, name, ' ');
