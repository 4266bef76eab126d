// Issue 25, class 4: every parser of imported or pasted text must run in time linear in its input.
// For adversarial inputs (each format's patterns, and their prefixes, repeated), prints how long
// the import entry (detect: every parser in turn) takes on 1 MiB and on 4 MiB (the most the
// contract allows) and the ratio; linear is about 4x, the issue allows about 5x. Each case runs in
// a child with a time limit, so a parser that backtracks shows as "> limit" instead of hanging.
// The ratio is of CPU time (least of several interleaved runs); wall time is printed beside it.
// Run: node scripts/parser-linearity.mjs [name part]   (exit 1 when a ratio is above 5 or a case
// times out)
import { build } from 'esbuild';
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const LIMIT_MS = 60_000;
const MiB = 1024 * 1024;

const PATTERNS = {
  digits: '1',
  'digits then dot': '1.',
  spaces: ' ',
  'dev path': '/dev/a',
  'dev path and colon': ' /dev/a:',
  'hdparm timing': 'Timing buffered disk reads: ',
  'dd bytes': '1 bytes ',
  'dd copied': '1 bytes (1 B) copied, ',
  'seeker benchmarking': 'Benchmarking ',
  'seeker results': 'Results: 1 ',
  'bonnie head': '-Per Chr- --Block-- ',
  'bonnie units': 'K/sec %CP ',
  'bonnie csv': '1,',
  'iozone heading': 'KB reclen a',
  'iozone words': ' a',
  'fio job': 'a: (g=0): rw=read, bs=(R) 4k-',
  'fio clat': '  clat (usec): ',
  'fio json': '{"jobs":[',
  'diskmark header': 'KDiskMark (1',
  'diskmark row': 'Sequential 1MiB (Q= 8, T= 1): ',
  // The unclosed-delimiter family (issue 37, class 5): each opening delimiter a parser looks for a
  // closer of, repeated with no closer on one line ('1 bytes (' took dd's parser 16 s at 540 KB).
  'unclosed: dd paren': '1 bytes (',
  'unclosed: dd paren, sized': '1 bytes (1 B, ',
  'unclosed: dd paren, copied on the line': 'copied, 1 bytes (',
  'unclosed: fio job paren': 'a: (g=0',
  'unclosed: fio bs paren': 'a: (g=0): rw=read, bs=(R',
  'unclosed: fio group paren': 'a: (groupid=0, jobs=1',
  'unclosed: fio clat paren': '  clat (usec',
  'unclosed: fio v2 io list': '  read : io=1',
  'unclosed: fio json object': '{"jobs":[{"read":{"bw":1,',
  'unclosed: fio json string': '{"jobs":"',
  'unclosed: seeker bracket': 'Benchmarking /dev/a ',
  'unclosed: diskmark version paren': 'KDiskMark (1.',
  'unclosed: diskmark section bracket': '[Read',
  'unclosed: diskmark row paren': 'Sequential 1MiB (Q= 8, T= 1',
  'unclosed: diskmark iops bracket': 'SEQ 1MiB (Q= 8, T= 1): 1.0 MB/s [ 1.0',
  'unclosed: diskmark latency angle': 'RND 4KiB (Q= 1, T= 1): 1.0 MB/s [ 1.0 IOPS] < 1.0',
  'unclosed: hdparm device colon': ' /dev/a/b',
  'unclosed: bonnie csv quote': '1,"',
  'unclosed: iozone report quote': '"Writer report',
  'one long token': null, // '1' * n followed by 'x': a number that is not one
  'bonnie csv, one long field': null, // a bonnie++ CSV line whose 28th field is that token
  'iozone row, one long field': null, // an iozone table row whose third column is that token
};

// Real outputs repeated: many device headers with many timings, many benchmark lines with many
// results, many tables (a parser that pairs each with every other is quadratic only here).
const FIXTURES = {
  'hdparm output, repeated': 'seed001-hdparm-ssd.txt',
  'seeker output, repeated': 'seed003-seeker-ssd.txt',
  'bonnie++ output, repeated': 'bonnie-2.00a-real.txt',
  'bonnie++ tables, repeated': 'seed000-bonnie-ssd.txt',
  'dd output, repeated': 'seed004-dd-ssd.txt',
  'iozone output, repeated': 'seed002-iozone-own-ext3.txt',
  'fio output, repeated': 'fio-3.33-randrw.txt',
  'CrystalDiskMark, repeated': 'cdm-8.0.4-gw560.txt',
  'KDiskMark, repeated': 'kdiskmark-3.2.0-hdd.txt',
};
for (const [name, file] of Object.entries(FIXTURES))
  PATTERNS[name] = readFileSync(
    new URL(`../test/fixtures/tool-output/${file}`, import.meta.url),
    'utf8',
  );

function input(name, bytes) {
  if (name === 'one long token') return '1'.repeat(bytes - 1) + 'x';
  if (name === 'bonnie csv, one long field') {
    const head = '1.98,1.98,host,1,1700000000,16G,,8192,5,' + '1,'.repeat(20);
    return head + '1'.repeat(bytes - head.length - 1) + 'x';
  }
  if (name === 'iozone row, one long field') {
    const head = '              kB  reclen    write  rewrite    read    reread\n  1024 4 ';
    return head + '1'.repeat(bytes - head.length - 2) + 'x\n';
  }
  const p = PATTERNS[name];
  return p.repeat(Math.ceil(bytes / p.length)).slice(0, bytes);
}

const REPS = 7;

if (process.argv[2] === '--child') {
  const { detect } = await import(process.argv[3]);
  const name = process.argv[4];
  const small = input(name, MiB);
  const large = input(name, 4 * MiB);
  // Warm up (regexp compilation, JIT tiers) on a small input. Then the two sizes interleaved, a
  // garbage collection before each, and the least of REPS for each. Timed in CPU seconds of this
  // process (user + system), not wall time: on a loaded machine a long run waits for the CPU more
  // often than a short one, which inflates the 4 MiB side and would read as superlinear growth.
  detect(input(name, 64 * 1024));
  const best = [Infinity, Infinity, Infinity, Infinity]; // cpu 1 MiB, cpu 4 MiB, wall, wall
  for (let i = 0; i < REPS; i++) {
    for (const [k, text] of [small, large].entries()) {
      globalThis.gc?.();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      detect(text);
      const wall = performance.now() - t0;
      const c = process.cpuUsage(c0);
      best[k] = Math.min(best[k], (c.user + c.system) / 1000);
      best[k + 2] = Math.min(best[k + 2], wall);
    }
    if (best[1] > 4000) break;
  }
  process.send(best);
  process.exit(0);
}

function time(bundle, name) {
  return new Promise((resolve) => {
    const child = fork(new URL(import.meta.url).pathname, ['--child', bundle, name], {
      execArgv: ['--expose-gc'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    let ms = [Infinity, Infinity, Infinity, Infinity];
    child.on('message', (m) => (ms = m));
    child.on('exit', () => (clearTimeout(timer), resolve(ms)));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'dw-linearity-'));
const bundle = join(dir, 'detect.mjs');
try {
  await build({
    entryPoints: ['src/shared/import/detect.ts'],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  let bad = 0;
  console.log(
    `${'input'.padEnd(36)} CPU ms: 1 MiB    4 MiB   ratio   (wall ms: 1 MiB  4 MiB)   load ${loadavg()[0].toFixed(1)}`,
  );
  const only = process.argv[2];
  for (const name of Object.keys(PATTERNS).filter((n) => !only || n.includes(only))) {
    const [a, b, wa, wb] = await time(bundle, name);
    // Under 5 ms both sides are noise: the 4 MiB side is what matters there.
    const ratio = b / Math.max(a, 5);
    const fmt = (x) => (x === Infinity ? `> ${LIMIT_MS}` : x.toFixed(1));
    if (!(ratio <= 5)) bad++;
    const verdict = Number.isFinite(ratio) ? ratio.toFixed(2) : 'hang';
    console.log(
      `${name.padEnd(36)} ${fmt(a).padStart(12)} ${fmt(b).padStart(8)} ${verdict.padStart(7)}   ${fmt(wa).padStart(14)} ${fmt(wb).padStart(6)}${ratio <= 5 ? '' : '  NOT LINEAR'}`,
    );
  }
  console.log(bad ? `${bad} inputs not linear` : 'every input linear (4 MiB at most 5x 1 MiB)');
  process.exitCode = bad ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
