// Pure reader of hibernate/suspend cycles in journal text. Timestamps are realtime (the
// monotonic clock stops while the machine sleeps). Accepts `journalctl -o short-unix` and
// `-o short-iso`/`short-iso-precise` lines.

export interface SleepCycle {
  kind: 'hibernate' | 'suspend' | 'suspend-then-hibernate' | 'hybrid-sleep' | 'unknown';
  /** Unix seconds (realtime) of the first entry message and the last exit message. */
  enteredAt: number | null;
  exitedAt: number | null;
  /** Kernel's own image I/O figures: "Wrote|Read N kbytes in S seconds (R MB/s)". */
  wroteKB?: number;
  writeSeconds?: number;
  readKB?: number;
  readSeconds?: number;
  /** Pages (4 KiB) in the image: "Need to copy N pages" / "Image created (N pages copied)". */
  imagePages?: number;
}

export interface JournalLine {
  at: number;
  text: string;
}

export function parseJournalLine(line: string): JournalLine | null {
  const unix = /^(\d{9,11}\.\d+)\s+(.*)$/.exec(line);
  if (unix) return { at: Number(unix[1]), text: unix[2]! };
  const iso = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d))\s+(.*)$/.exec(
    line,
  );
  if (iso) {
    const at = Date.parse(iso[1]!.replace(',', '.').replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) / 1000;
    return Number.isFinite(at) ? { at, text: iso[2]! } : null;
  }
  return null;
}

const KERNEL_HIB_ENTRY = /PM: (?:hibernation: )?hibernation entry/i;
const KERNEL_HIB_EXIT = /PM: (?:hibernation: )?hibernation exit/i;
const KERNEL_SUS_ENTRY = /PM: suspend entry/;
const KERNEL_SUS_EXIT = /PM: suspend exit/;
const IMAGE_IO = /PM: (?:hibernation: )?(Wrote|Read) (\d+) kbytes in ([\d.]+) seconds/;
const IMAGE_PAGES =
  /PM: (?:hibernation: )?(?:Need to copy (\d+) pages|Image created \((\d+) pages copied\))/;
const SLEEP_ENTER =
  /systemd-sleep\[\d+\]: (?:Entering sleep state '([\w-]+)'|Performing sleep operation '([\w-]+)'|(Suspending system|Hibernating system)\.\.\.)/;
const SLEEP_LEAVE =
  /systemd-sleep\[\d+\]: (?:System returned from sleep (?:state|operation)|System resumed)/;

/** Groups journal lines into sleep cycles, oldest first. */
export function parseSleepCycles(journal: string): SleepCycle[] {
  const lines = journal
    .split('\n')
    .map(parseJournalLine)
    .filter((l): l is JournalLine => l !== null)
    .sort((a, b) => a.at - b.at);
  const cycles: SleepCycle[] = [];
  let cur: SleepCycle | null = null;
  const open = (kind: SleepCycle['kind'], at: number): SleepCycle => {
    if (cur && cur.exitedAt === null) {
      // systemd-sleep announces first, then the kernel: same cycle.
      if (cur.kind === 'unknown' || cur.kind === kind || kind === 'unknown') {
        if (cur.kind === 'unknown') cur.kind = kind;
        return cur;
      }
    }
    cur = { kind, enteredAt: at, exitedAt: null };
    cycles.push(cur);
    return cur;
  };
  for (const { at, text } of lines) {
    const enter = SLEEP_ENTER.exec(text);
    if (enter) {
      const what =
        enter[1] ?? enter[2] ?? (enter[3] === 'Hibernating system' ? 'hibernate' : 'suspend');
      const kind = (
        ['hibernate', 'suspend', 'suspend-then-hibernate', 'hybrid-sleep'].includes(what)
          ? what
          : 'unknown'
      ) as SleepCycle['kind'];
      open(kind, at);
      continue;
    }
    if (KERNEL_HIB_ENTRY.test(text)) {
      open('hibernate', at);
      continue;
    }
    if (KERNEL_SUS_ENTRY.test(text)) {
      open('suspend', at);
      continue;
    }
    const io = IMAGE_IO.exec(text);
    if (io && cur) {
      const c: SleepCycle = cur;
      if (io[1] === 'Wrote') {
        c.wroteKB = Number(io[2]);
        c.writeSeconds = Number(io[3]);
      } else {
        c.readKB = Number(io[2]);
        c.readSeconds = Number(io[3]);
      }
      continue;
    }
    const pages = IMAGE_PAGES.exec(text);
    if (pages && cur) {
      (cur as SleepCycle).imagePages = Number(pages[1] ?? pages[2]);
      continue;
    }
    if (
      (KERNEL_HIB_EXIT.test(text) || KERNEL_SUS_EXIT.test(text) || SLEEP_LEAVE.test(text)) &&
      cur
    ) {
      (cur as SleepCycle).exitedAt = at;
    }
  }
  return cycles;
}

/** The journal text says no journal is readable at all. */
export function journalUnavailable(stdout: string, stderr: string): string | null {
  const t = `${stdout}\n${stderr}`;
  if (/No journal files were found/.test(t)) return 'no system journal on this machine';
  if (/not seeing messages from other users and the system/.test(t) && !stdout.trim())
    return 'the system journal needs admin rights (grant them, or join the systemd-journal group)';
  return null;
}
