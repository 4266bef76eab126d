// Every figure in a person's words: "Random access time" rather than random_access_ms, with the
// classic tool whose method it follows as a tag ("seeker"). One module for the report, the screens
// and the CLI, so the same figure has the same name everywhere.

export interface HumanLabel {
  /** What a person reads: "Sequential read speed". */
  label: string;
  /** The classic tool and variant, shown small beside it: "hdparm -t", "fio SEQ1M Q8". */
  tag: string | null;
}

/** What the labeller needs to know about a figure (a Measurement or a comparison fits). */
export interface FigureRef {
  metric: string;
  params?: Record<string, number | string | boolean> | undefined;
}

interface TestWords {
  label: string;
  tag: string | null;
}

/** Test (and task) names. Titles stored in runs stay as they are; this is only what is shown. */
const TESTS: Record<string, TestWords> = {
  'cached-read': { label: 'Memory speed (not the drive)', tag: 'hdparm -T' },
  'buffered-read': { label: 'Sequential read speed', tag: 'hdparm -t' },
  'dd-write': { label: 'Sequential write speed, with sync', tag: 'dd' },
  bonnie: { label: 'Everyday file work', tag: 'bonnie++' },
  iozone: { label: 'Reads and writes by block size', tag: 'iozone -I' },
  seeker: { label: 'Random access', tag: 'seeker' },
  'qd-profile': { label: 'Many requests at once (SSD test)', tag: 'fio' },
  'task.boot': { label: 'Boot', tag: 'systemd-analyze' },
  'task.login': { label: 'Log in to the desktop', tag: null },
  'task.hibernate': { label: 'Hibernate and resume', tag: 'journal' },
  'task.du': { label: 'Search the disk', tag: 'du' },
  'task.unpack': { label: 'Unpack a source archive', tag: 'tar' },
  'task.app-start': { label: 'Start an application (cold)', tag: null },
  'task.backup-load': { label: 'Working while a backup runs', tag: null },
  'task.stopwatch': { label: 'Your own timing', tag: 'stopwatch' },
};

/** Metric names shared by several tests, or the only metric of their test. */
const METRICS: Record<string, string> = {
  cached_read: 'Memory read speed',
  buffered_read: 'Sequential read speed',
  throughput: 'Sequential write speed, with sync',
  throughput_before_sync: 'Write speed before the final sync',
  seeks_per_second: 'Random reads per second',
  random_access_ms: 'Random access time',
  // bonnie++
  seq_output_per_chr: 'Writing one byte at a time',
  seq_output_block: 'Sequential write speed',
  seq_output_rewrite: 'Rewriting a file',
  seq_input_per_chr: 'Reading one byte at a time',
  seq_input_block: 'Sequential read speed',
  random_seeks: 'Random reads per second',
  seq_create: 'Creating files, in order',
  seq_stat: 'Checking files, in order',
  seq_delete: 'Deleting files, in order',
  random_create: 'Creating files, in random order',
  random_stat: 'Checking files, in random order',
  random_delete: 'Deleting files, in random order',
  // iozone
  write: 'Write speed',
  rewrite: 'Rewrite speed',
  read: 'Read speed',
  reread: 'Re-read speed',
  random_read: 'Random read speed',
  random_write: 'Random write speed',
  backward_read: 'Backward read speed',
  record_rewrite: 'Record rewrite speed',
  stride_read: 'Stride read speed',
  fwrite: 'Buffered write speed',
  frewrite: 'Buffered rewrite speed',
  fread: 'Buffered read speed',
  freread: 'Buffered re-read speed',
  // tasks
  wall_time: 'Time taken',
  boot_target: 'Boot time',
  entries_per_second: 'Files looked at per second',
  slowdown_factor: 'Slow-down while a backup runs',
  read_p50_ms: 'Small read delay, typical',
  read_p99_ms: 'Small read delay, worst 1 in 100',
  open_stat_p50_ms: 'File open delay, typical',
  open_stat_p99_ms: 'File open delay, worst 1 in 100',
  hibernate_write: 'Hibernate: saving memory to disk',
  resume_read: 'Resume: reading memory back',
};

const BONNIE_TAGS: Record<string, string> = {
  seq_output_per_chr: 'per char',
  seq_output_block: 'block write',
  seq_output_rewrite: 'rewrite',
  seq_input_per_chr: 'per char',
  seq_input_block: 'block read',
  random_seeks: 'seeks',
};

const size = (kb: number) => (kb >= 1024 ? `${kb / 1024} MiB` : `${kb} KiB`);
const short = (kb: number) => (kb >= 1024 ? `${kb / 1024}M` : `${kb}K`);

/** "read_bw" with {pattern, bs_kb, qd}: the queue-depth profile's and CrystalDiskMark's rows. */
function queueLabel(f: FigureRef, tool: string): HumanLabel {
  const p = f.params ?? {};
  const rnd = p.pattern === 'rnd';
  const kb = Number(p.bs_kb ?? NaN);
  const qd = Number(p.qd ?? NaN);
  const threads = Number(p.threads ?? 1);
  const op = /^write/.test(f.metric) || p.rw === 'write' ? 'write' : 'read';
  const kind = p.pattern === undefined ? '' : rnd ? 'Random' : 'Sequential';
  const depth =
    Number.isFinite(qd) && qd > 1
      ? `, ${qd}${threads > 1 ? ` × ${threads} threads` : ''} at a time`
      : threads > 1
        ? `, ${threads} threads`
        : Number.isFinite(qd)
          ? ', one at a time'
          : '';
  const blocks = Number.isFinite(kb) ? `${size(kb)} ` : '';
  const pct = /p50/.test(f.metric) ? ', typical' : /p99/.test(f.metric) ? ', worst 1 in 100' : '';
  const text = /_iops$/.test(f.metric)
    ? `${kind} ${blocks}${op}s per second${depth}`
    : /_bw$/.test(f.metric)
      ? `${kind} ${op} speed${Number.isFinite(kb) ? `, ${size(kb)} blocks` : ''}${depth}`
      : `${kind} ${blocks}${op} response time${depth}${pct}`;
  const label = text.trim().replace(/^./, (c) => c.toUpperCase());
  const variant =
    Number.isFinite(kb) && Number.isFinite(qd)
      ? ` ${rnd ? 'RND' : 'SEQ'}${short(kb)} Q${qd}${threads > 1 ? `T${threads}` : ''}`
      : '';
  return { label, tag: `${tool}${variant}` };
}

/** Turns an unknown snake_case name into words, so nothing raw reaches a person. */
export function humanise(name: string): string {
  const words = name
    .replace(/_(ms|us|s)$/, '')
    .replace(/[_.-]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** A test's (or task's) name for people, with its tool tag; stopwatch timings keep their title. */
export function testLabel(testId: string, title?: string): HumanLabel {
  if (testId === 'task.stopwatch' && title) return { label: title, tag: 'stopwatch' };
  const t = TESTS[testId];
  if (t) return t;
  return { label: title || humanise(testId.replace(/^task\./, '')), tag: null };
}

/** One figure's label and tag; `tool` is the run's tool for this test when it was imported. */
export function figureLabel(testId: string, f: FigureRef, tool?: string): HumanLabel {
  const p = f.params ?? {};
  if (testId === 'qd-profile' || (p.pattern !== undefined && /_(iops|bw|us)$/.test(f.metric)))
    return queueLabel(f, toolName(tool) ?? 'fio');
  if (/^clat_p(50|99)_us$/.test(f.metric)) return queueLabel(f, toolName(tool) ?? 'fio');
  const base = METRICS[f.metric] ?? humanise(f.metric);
  const testTag = TESTS[testId]?.tag ?? toolName(tool) ?? null;
  if (testId === 'iozone' && p.record_kb !== undefined)
    return {
      label: `${base}, ${size(Number(p.record_kb))} blocks`,
      tag: `iozone -I ${short(Number(p.record_kb))}`,
    };
  if (testId === 'bonnie')
    return {
      label: base,
      tag: `bonnie++${BONNIE_TAGS[f.metric] ? ` ${BONNIE_TAGS[f.metric]}` : ''}`,
    };
  if (testId.startsWith('task.')) {
    const task = testLabel(testId).label;
    // A task's one figure is its time: say which task rather than "Time taken".
    return { label: f.metric === 'wall_time' ? task : `${task}: ${base}`, tag: testTag };
  }
  return { label: base, tag: testTag };
}

const TOOL_NAMES: Record<string, string> = {
  crystaldiskmark: 'CrystalDiskMark',
  kdiskmark: 'KDiskMark',
};

function toolName(tool: string | undefined): string | null {
  if (!tool) return null;
  return TOOL_NAMES[tool] ?? tool;
}

/**
 * A test's method line without engine internals: how requests reach the kernel (libuv, io_uring)
 * matters to whoever debugs the engine, not to the person reading the report.
 */
export function plainMethod(method: string): string {
  return method
    .replace(
      /,?\s*(?:deeper queues\s+)?asynchronous(?:ly)?\s+through libuv\s*(?:\([^)]*\))?/gi,
      ', deeper queues asynchronous',
    )
    .replace(/\s*\((?:[^()]*\b(?:io_uring|libuv)\b[^()]*)\)/g, '')
    .replace(/\b(?:io_uring|libuv)\b/g, 'asynchronous I/O')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** An imported figure as `drivewise import` lists it: label of the test the tool's figure joins. */
export function importedFigureLabel(
  testId: string,
  r: { metric: string; tool: string; label?: string | undefined },
): string {
  // CrystalDiskMark-style row names carry the variant the public result has no params for.
  const m = /^(SEQ|RND)(\d+)([KM]) Q(\d+)T(\d+)$/.exec(r.label ?? '');
  const params = m
    ? {
        pattern: m[1] === 'SEQ' ? 'seq' : 'rnd',
        bs_kb: Number(m[2]) * (m[3] === 'M' ? 1024 : 1),
        qd: Number(m[4]),
        ...(m[5] !== '1' ? { threads: Number(m[5]) } : {}),
      }
    : undefined;
  const l = figureLabel(testId, { metric: r.metric, ...(params ? { params } : {}) }, r.tool);
  return r.label ? `${l.label} (${r.label})` : labelText(l);
}

/** "Sequential read speed (hdparm -t)": for plain text where a tag cannot be drawn. */
export function labelText(l: HumanLabel): string {
  return l.tag ? `${l.label} (${l.tag})` : l.label;
}

/**
 * Words that must not reach a person: metric identifiers, engine internals, our own research
 * notes. The report's and screens' tests run every user-visible text through this.
 */
const IDENTIFIERS = [
  ...Object.keys(METRICS),
  ...['read', 'write'].flatMap((d) => [`${d}_iops`, `${d}_bw`, `${d}_clat_mean_us`]),
  'clat_p50_us',
  'clat_p99_us',
].filter((k) => k.includes('_'));

export const JARGON: readonly RegExp[] = [
  // Metric identifiers (buffered_read, random_seeks, wall_time); fio options like --time_based in a
  // method line are the tool's own words and stay.
  new RegExp(`(?<![-\\w])(?:${IDENTIFIERS.join('|')})\\b`),
  /\bqd ?seconds\b/i,
  /×\s?1024 files/,
  /\bio_uring\b|\blibuv\b/,
  /\bseed write-?ups?\b/i,
  /\b\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}\b/, // run ids (newRunId)
];

/** The first jargon match in a text, or null: for tests and a development-time check. */
export function findJargon(text: string): string | null {
  for (const re of JARGON) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}
