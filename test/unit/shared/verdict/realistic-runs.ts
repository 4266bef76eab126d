// A full before/after pair as the engine writes it (three repetitions, every test group, tasks
// with CPU time): a 1 TB 7200 rpm disk replaced by a SATA SSD on the same 6 Gb/s port.
import type { Measurement, RunDocument } from '../../../../src/shared/schemas/run';
import { drive, m, machine, run, synthetic, task } from './seed-runs';

const link = {
  bus: 'sata',
  current: 'SATA III 6.0 Gb/s',
  max: 'SATA III 6.0 Gb/s',
  ceilingMBps: 570,
  maxCeilingMBps: 570,
};
type P = Measurement['params'];
const qd = (op: string, pattern: 'seq' | 'rnd', bs_kb: number, q: number) => ({
  pattern,
  bs_kb,
  qd: q,
  op,
});
const label = (p: { pattern: string; bs_kb: number; qd: number }) =>
  `${p.pattern === 'rnd' ? 'RND' : 'SEQ'} ${p.bs_kb >= 1024 ? '1M' : `${p.bs_kb}K`} Q${p.qd}`;

function qdProfile(v: {
  seqMiB: number[];
  rnd32: number[];
  rnd1: number[];
  p50: number[];
  p99: number[];
}) {
  const seq = qd('read', 'seq', 1024, 8);
  const r32 = qd('read', 'rnd', 4, 32);
  const r1 = qd('read', 'rnd', 4, 1);
  const params = (x: ReturnType<typeof qd>): P => ({
    pattern: x.pattern,
    bs_kb: x.bs_kb,
    qd: x.qd,
  });
  return synthetic('qd-profile', 'Queue-depth profile (fio-comparable)', 'fio', [
    m(
      'read_bw',
      'KiB/s',
      v.seqMiB.map((x) => x * 1024),
      { params: params(seq), label: label(seq) },
    ),
    m('read_iops', 'IOPS', v.rnd32, { params: params(r32), label: label(r32) }),
    m('read_iops', 'IOPS', v.rnd1, { params: params(r1), label: label(r1) }),
    m(
      'read_clat_mean_us',
      'µs',
      v.rnd1.map((x) => 1e6 / x),
      { params: params(r1), label: label(r1) },
    ),
    m('clat_p50_us', 'µs', v.p50, { params: { ...params(r1), rw: 'read' }, label: label(r1) }),
    m('clat_p99_us', 'µs', v.p99, { params: { ...params(r1), rw: 'read' }, label: label(r1) }),
  ]);
}

function iozone(rows: [number, number[], number[], number[]][]) {
  return synthetic(
    'iozone',
    'iozone -I',
    'iozone',
    rows.flatMap(([rec, write, read, rread]) => [
      m('write', 'KiB/s', write, { params: { record_kb: rec, file_kb: 262144 } }),
      m('read', 'KiB/s', read, { params: { record_kb: rec, file_kb: 262144 } }),
      m('random_read', 'KiB/s', rread, { params: { record_kb: rec, file_kb: 262144 } }),
    ]),
  );
}

const usage = {
  bootsPerDay: 1,
  loginsPerDay: 2,
  resumesPerDay: 0,
  tasksPerDay: { 'task.du': 1, 'task.unpack': 0.5, 'task.app-start': 4 },
  uses: ['development' as const],
  workDaysPerYear: 230,
  oldDrive: { price: 45, capacityGB: 1000 },
  newDrive: { price: 79, capacityGB: 1000 },
  currency: '€',
};

export function realisticPair(): { before: RunDocument; after: RunDocument } {
  const before = run(
    'e2e-before-hdd',
    'before',
    [
      synthetic('cached-read', 'Cached reads (hdparm -T)', 'hdparm', [
        m('cached_read', 'MiB/s', [9800, 10100, 9950]),
      ]),
      synthetic('buffered-read', 'Buffered disk reads (hdparm -t)', 'hdparm', [
        m('buffered_read', 'MiB/s', [182, 185, 183]),
      ]),
      synthetic('dd-write', 'Sequential write (dd + sync)', 'dd', [
        m('throughput', 'MB/s', [160, 172, 165]),
      ]),
      synthetic('seeker', 'Random seeks (seeker)', 'seeker', [
        m('seeks_per_second', 'seeks/s', [78, 81, 80]),
        m('random_access_ms', 'ms', [12.8, 12.3, 12.5]),
      ]),
      synthetic('bonnie', 'bonnie++', 'bonnie++', [
        m('seq_output_block', 'KiB/s', [158000, 161000, 163000]),
        m('seq_output_rewrite', 'KiB/s', [71000, 74000, 72500]),
        m('seq_input_block', 'KiB/s', [181000, 186000, 184000]),
        m('random_seeks', 'seeks/s', [182.4, 190.1, 185.7]),
        m('seq_create', 'files/s', [4100, 4400, 4300]),
        m('random_create', 'files/s', [3900, 4200, 4000]),
        m('seq_delete', 'files/s', [5200, 5600, 5400]),
      ]),
      iozone([
        [4, [1800, 1900, 1850], [1500, 1550, 1530], [560, 590, 575]],
        [64, [52000, 55000, 54000], [60000, 64000, 62000], [14500, 15200, 14800]],
        [1024, [150000, 156000, 153000], [170000, 176000, 173000], [98000, 104000, 101000]],
      ]),
      qdProfile({
        seqMiB: [183, 186, 184],
        rnd32: [310, 325, 318],
        rnd1: [79, 82, 80],
        p50: [11800, 12100, 11900],
        p99: [31000, 33500, 32400],
      }),
      task('task.boot', 'Boot to login screen', [48, 51, 47], [11, 12, 11.5]),
      task('task.login', 'Login to desktop', [21, 23, 22], [6, 6.5, 6.2]),
      task('task.du', 'Disk search (du -skx /usr)', [95, 97, 96], [9, 9.5, 9.2]),
      task('task.unpack', 'Unpack a kernel tarball (gzip)', [38, 40, 39], [29, 29.5, 29.2]),
      task('task.app-start', 'Cold start of LibreOffice', [6.1, 6.4, 6.2], [1.1, 1.2, 1.15]),
    ],
    {
      name: 'WDC WD10EZEX 1 TB 7200 rpm',
      createdAt: '2026-11-20T18:00:00.000Z',
      drive: drive({ model: 'WDC WD10EZEX-08WN4A0', kind: 'hdd', link, sizeBytes: 1e12 }),
      machine: machine({
        cpuModel: 'Intel(R) Core(TM) i5-4590 CPU @ 3.30GHz',
        cpuCores: 4,
        ramBytes: 16 * 2 ** 30,
        kernel: '6.1.0-27-amd64',
        distro: 'Debian 12',
      }),
      settings: { profile: 'full', tests: [], repetitions: 3, sizes: {} },
      usage,
    },
  );
  const after = run(
    'e2e-after-ssd',
    'after',
    [
      synthetic('cached-read', 'Cached reads (hdparm -T)', 'hdparm', [
        m('cached_read', 'MiB/s', [9900, 10050, 9700]),
      ]),
      synthetic('buffered-read', 'Buffered disk reads (hdparm -t)', 'hdparm', [
        m('buffered_read', 'MiB/s', [527, 531, 529]),
      ]),
      synthetic('dd-write', 'Sequential write (dd + sync)', 'dd', [
        m('throughput', 'MB/s', [488, 502, 495]),
      ]),
      synthetic('seeker', 'Random seeks (seeker)', 'seeker', [
        m('seeks_per_second', 'seeks/s', [9400, 9800, 9650]),
        m('random_access_ms', 'ms', [0.106, 0.102, 0.104]),
      ]),
      synthetic('bonnie', 'bonnie++', 'bonnie++', [
        m('seq_output_block', 'KiB/s', [470000, 481000, 476000]),
        m('seq_output_rewrite', 'KiB/s', [238000, 246000, 241000]),
        m('seq_input_block', 'KiB/s', [520000, 531000, 526000]),
        m('random_seeks', 'seeks/s', [7400, 7800, 7650]),
        m('seq_create', 'files/s', [38000, 41000, 39500]),
        m('random_create', 'files/s', [36000, 39000, 37800]),
        m('seq_delete', 'files/s', [47000, 50000, 48800]),
      ]),
      iozone([
        [4, [58000, 61000, 59500], [36000, 38000, 37100], [33000, 35000, 34100]],
        [64, [310000, 322000, 316000], [350000, 362000, 356000], [290000, 301000, 296000]],
        [1024, [480000, 495000, 488000], [520000, 532000, 526000], [505000, 518000, 511000]],
      ]),
      qdProfile({
        seqMiB: [530, 533, 531],
        rnd32: [88000, 91000, 89500],
        rnd1: [9100, 9600, 9350],
        p50: [98, 101, 99],
        p99: [210, 245, 228],
      }),
      task('task.boot', 'Boot to login screen', [19, 20, 19], [10.5, 11, 10.8]),
      task('task.login', 'Login to desktop', [8, 8.5, 8.2], [5.8, 6.1, 6]),
      task('task.du', 'Disk search (du -skx /usr)', [11.2, 11.8, 11.5], [8.6, 8.9, 8.8]),
      task('task.unpack', 'Unpack a kernel tarball (gzip)', [27, 28, 27.5], [26.5, 27, 26.8]),
      task('task.app-start', 'Cold start of LibreOffice', [1.6, 1.7, 1.65], [1.0, 1.1, 1.05]),
    ],
    {
      name: 'Samsung SSD 870 EVO 1 TB',
      createdAt: '2026-11-22T18:00:00.000Z',
      drive: drive({
        model: 'Samsung SSD 870 EVO 1TB',
        kind: 'sata-ssd',
        rotational: false,
        trim: true,
        link,
        sizeBytes: 1e12,
        scheduler: 'mq-deadline',
      }),
      machine: machine({
        cpuModel: 'Intel(R) Core(TM) i5-4590 CPU @ 3.30GHz',
        cpuCores: 4,
        ramBytes: 16 * 2 ** 30,
        kernel: '6.1.0-28-amd64',
        distro: 'Debian 12',
      }),
      settings: { profile: 'full', tests: [], repetitions: 3, sizes: {} },
      usage,
      baselineId: 'e2e-before-hdd',
    },
  );
  return { before, after };
}
