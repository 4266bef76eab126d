// `npm run bench:fleet [-- --files N]`: `drivewise fleet` over N (default 10,000) run files under
// /usr/bin/time -v, printing wall time and peak RSS against the targets (below), and the time of
// the summary-plus-top-50 PDF. The
// files are copies of real quick runs (test/fixtures/fleet), at their real size, each with its own
// host name, machine id, run id, date and figures scaled by a random factor; the fleet command
// validates every one against the run schema, and the script fails if any was skipped.
// `--baseline OTHER/cli.js` also times another build's CLI on the same files, right after, so a
// change is judged by the ratio under the same load. The machine is shared: CPU time (user+sys)
// is the quiet-equivalent figure; wall time is what this load allowed.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const FILES = Number(arg('--files', '10000'));
// The targets grow with the fleet: 10,000 files in 10 s and 300 MB, 50,000 in 20 s and 400 MB;
// the summary-plus-top-50 PDF of 50,000 hosts in 30 s (all 10,817 pages took 4 min 20 s).
const [TARGET_SECONDS, TARGET_MB] = FILES >= 50_000 ? [20, 400] : [10, 300];
const TARGET_PDF_SECONDS = 30;
const root = process.cwd();
const fixtures = join(root, 'test/fixtures/fleet');
const sources = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(fixtures, f), 'utf8')));

const scaleM = (m, k) => {
  const s = (x) => (x === null ? null : x * k);
  return { ...m, samples: m.samples.map(s), median: s(m.median), min: s(m.min), max: s(m.max) };
};

/** One varied copy: every figure of a test scaled by the same factor, as a different drive would. */
function variant(src, i) {
  const host = `lab-${String(i).padStart(5, '0')}`;
  const t = new Date(Date.parse(src.createdAt) + i * 60_000);
  const doc = structuredClone(src);
  doc.id = `${t.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  doc.createdAt = t.toISOString();
  doc.host = { inventoryName: host, machineId: randomBytes(16).toString('hex') };
  if (doc.machine) doc.machine.hostname = host;
  doc.tests = doc.tests.map((tr) => {
    const k = 0.5 + Math.random() * 1.5;
    return {
      ...tr,
      measurements: tr.measurements.map((m) => scaleM(m, k)),
      ...(tr.wallSeconds ? { wallSeconds: tr.wallSeconds.map((x) => x * k) } : {}),
    };
  });
  return JSON.stringify(doc, null, 2) + '\n';
}

function parseTime(text) {
  const wall = /Elapsed \(wall clock\) time.*?: (?:(\d+):)?(\d+):([\d.]+)/.exec(text);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(text);
  const seconds = wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : NaN;
  const cpu = ['User', 'System'].reduce(
    (a, k) => a + Number(new RegExp(`${k} time \\(seconds\\): ([\\d.]+)`).exec(text)?.[1] ?? NaN),
    0,
  );
  return { seconds, cpu, rssMB: rss ? Number(rss[1]) / 1024 : NaN };
}

const keep = arg('--keep', null);
const dir = keep ?? mkdtempSync(join(tmpdir(), 'dw-fleet-bench-'));
try {
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const text = variant(sources[i % sources.length], i);
    bytes += text.length;
    writeFileSync(join(dir, `lab-${String(i).padStart(5, '0')}.json`), text);
  }
  // Cold enough to be honest about reading, without needing root: the files were just written.
  execFileSync('sync');
  const timed = (cli, args = ['fleet', dir, '--json']) => {
    const r = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0)
      throw new Error(`drivewise fleet failed: ${r.stderr.split('\n').slice(-20).join('\n')}`);
    return { report: JSON.parse(r.stdout), ...parseTime(r.stderr), load: loadavg()[0] };
  };
  // The floor under the same load: plain Node reading and JSON-parsing every file, no checks.
  const floor = timed('-e', [
    `const fs=require('fs'),d=${JSON.stringify(dir)};let n=0;for(const f of fs.readdirSync(d))` +
      `{JSON.parse(fs.readFileSync(d+'/'+f,'utf8'));n++}console.log(JSON.stringify({hosts:n}))`,
  ]);
  const { report, seconds, cpu, rssMB, load } = timed('dist/main/cli.js');
  console.log(
    `drivewise fleet: ${FILES} run files (${(bytes / 1e6).toFixed(0)} MB, ${(bytes / FILES / 1024).toFixed(1)} KiB each, from ${sources.length} real quick runs)\n` +
      `  hosts ranked ${report.hosts.length}, files skipped ${report.skipped.length}\n` +
      `  wall ${seconds.toFixed(2)} s (target < ${TARGET_SECONDS} s: ${(seconds / TARGET_SECONDS).toFixed(2)} of it); CPU user+sys ${cpu.toFixed(2)} s; load ${load.toFixed(1)} on ${availableParallelism()} cores\n` +
      `  peak RSS ${rssMB.toFixed(0)} MB (target < ${TARGET_MB} MB: ${(rssMB / TARGET_MB).toFixed(2)} of it)`,
  );
  console.log(
    `  reference (readFileSync + JSON.parse of every file, nothing checked): wall ${floor.seconds.toFixed(2)} s, CPU ${floor.cpu.toFixed(2)} s, load ${floor.load.toFixed(1)}; ` +
      `drivewise fleet takes ${(cpu / floor.cpu).toFixed(2)}× its CPU time, ${(seconds / floor.seconds).toFixed(2)}× its wall time`,
  );
  const pdfOut = join(dir, '..', `${dir.split('/').pop()}-top.pdf`);
  const pdf = spawnSync(
    '/usr/bin/time',
    ['-v', process.execPath, 'dist/main/cli.js', 'fleet', dir, '--top', '50', '--pdf', pdfOut],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  rmSync(pdfOut, { force: true });
  const pdfTime = parseTime(pdf.stderr);
  const pdfPages = Number(/Saved .* \((\d+) pages?\)/.exec(pdf.stderr)?.[1] ?? NaN);
  console.log(
    `  --top 50 --pdf: ${pdf.status === 0 ? `${pdfPages} pages` : `failed (${pdf.stderr.trim().split('\n').pop()})`}, wall ${pdfTime.seconds.toFixed(2)} s (target < ${TARGET_PDF_SECONDS} s: ${(pdfTime.seconds / TARGET_PDF_SECONDS).toFixed(2)} of it), peak RSS ${pdfTime.rssMB.toFixed(0)} MB`,
  );
  const baseline = arg('--baseline', null);
  if (baseline) {
    const b = timed(baseline);
    console.log(
      `  baseline ${baseline}: wall ${b.seconds.toFixed(2)} s, CPU ${b.cpu.toFixed(2)} s, peak RSS ${b.rssMB.toFixed(0)} MB, load ${b.load.toFixed(1)}; ` +
        `this build takes ${(cpu / b.cpu).toFixed(2)} of its CPU time, ${(seconds / b.seconds).toFixed(2)} of its wall time`,
    );
  }
  const ok =
    report.hosts.length === FILES &&
    report.skipped.length === 0 &&
    seconds < TARGET_SECONDS &&
    rssMB < TARGET_MB &&
    pdf.status === 0 &&
    pdfTime.seconds < TARGET_PDF_SECONDS;
  if (!ok) {
    console.log('FAIL');
    process.exitCode = 1;
  } else console.log('PASS');
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
