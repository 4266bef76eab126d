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
  /** A task row's stored label ("your files (/home)"), a stopwatch timing's title; tasks only. */
  label?: string | undefined;
  /** A timing's own name, given by whoever timed it (a stopwatch entry, a write-up's "du -ck /"). */
  name?: string | undefined;
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
  'qd-profile': { label: 'One request at a time and many at once (SSD test)', tag: 'fio' },
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
  if (testId.startsWith('task.')) return taskFigureLabel(testId, f, base, testTag);
  return { label: base, tag: testTag };
}

/**
 * What a task's row timed, when one task times several (the disk search of the generated
 * workload and of your own files, each application, the backup's small reads idle and during its
 * copy): without it a cloned drive's report had two rows both named "Search the disk".
 */
function rowWords(f: FigureRef): string | null {
  const p = f.params ?? {};
  if (p.tree === 'own') return f.label ?? 'your files';
  if (p.tree === 'generated') return f.label ?? 'generated workload';
  if (p.workload === 'generated') {
    // "application-like start: 240 files, 17 MB of the generated workload"
    const like = /^application-like start: ([\d,]+ files, [\d.,]+ [kMG]B)/.exec(f.label ?? '');
    return like ? `application-like, ${like[1]}` : 'application-like, generated workload';
  }
  if (typeof p.app === 'string') return p.app;
  if (p.phase === 'idle' && f.metric === 'wall_time') return 'small reads with the disk idle';
  return null;
}

function taskFigureLabel(
  testId: string,
  f: FigureRef,
  base: string,
  tag: string | null,
): HumanLabel {
  // A stopwatch timing is named by its title; its figure is its time.
  if (testId === 'task.stopwatch')
    return { label: f.name ?? f.label ?? testLabel(testId).label, tag: 'stopwatch' };
  const row = rowWords(f);
  const task = f.name ?? `${testLabel(testId).label}${row ? `, ${row}` : ''}`;
  // A task's one figure is its time: say which task rather than "Time taken".
  if (f.metric === 'wall_time') return { label: task, tag };
  // Its other figures say what they count in the task's own words ("unpacked content per
  // second", not dd's "Sequential write speed, with sync" that the metric name shares).
  const own = row === null && !f.name && f.label ? f.label : null;
  return { label: `${task}: ${own ? own[0]!.toUpperCase() + own.slice(1) : base}`, tag };
}

/**
 * A timing named by whoever took it: a stopwatch entry, or a task a write-up timed by hand (the
 * reference runs' "du -ck /", tool 'stopwatch'); undefined for the tasks Drivewise runs itself.
 */
export function timingName(
  testId: string,
  m: { params?: FigureRef['params']; label?: string | undefined },
  test: { title: string; tool: string },
): string | undefined {
  if (testId !== 'task.stopwatch' && test.tool !== 'stopwatch') return undefined;
  const name = m.params?.name;
  return m.label ?? (typeof name === 'string' ? name : undefined) ?? test.title;
}

/**
 * The one name of a timed task's row (the verdict's task table, the PDF's, History → Compare, the
 * CLI's verdict and compare): its task's words and, where one task times several, what it timed.
 */
export function timingLabel(
  testId: string,
  m: { metric: string; params?: FigureRef['params']; label?: string | undefined },
  test: { title: string; tool: string },
): HumanLabel {
  return figureLabel(testId, { ...m, name: timingName(testId, m, test) });
}

/** A stored figure's label and tag, as every surface shows it (a run's test and its measurement). */
export function measurementLabel(
  test: { testId: string; title: string; tool: string },
  m: FigureRef,
): HumanLabel {
  return figureLabel(test.testId, { ...m, name: timingName(test.testId, m, test) }, test.tool);
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

/** Every metric identifier this module has words for (for the jargon check, shared/jargon.ts). */
export const METRIC_IDS: readonly string[] = Object.keys(METRICS);
