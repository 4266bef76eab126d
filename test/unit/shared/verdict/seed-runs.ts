// RunDocuments built from the seeds' published figures (user research in /work/shared/seeds),
// so the verdict is checked against what the people who did this by hand concluded.
import type { DriveInfo, MachineProfile } from '../../../../src/shared/schemas/drive';
import {
  runDocument,
  type Measurement,
  type RunDocument,
  type TestResult,
} from '../../../../src/shared/schemas/run';
import { spread } from '../../../../src/shared/stats';

export function m(
  metric: string,
  unit: string,
  samples: (number | null)[],
  extra: Partial<Measurement> = {},
): Measurement {
  const better = unit === 's' || unit === 'ms' || unit === 'µs' ? 'lower' : 'higher';
  return { metric, unit, better, samples, ...spread(samples), ...extra };
}

export function synthetic(
  testId: string,
  title: string,
  tool: string,
  ms: Measurement[],
): TestResult {
  return {
    testId,
    title,
    kind: 'synthetic',
    tool,
    method: tool,
    status: 'ok',
    caveats: [],
    cache: 'bypassed',
    measurements: ms,
    bytesWritten: 0,
  };
}

/** A real-world task: wall seconds per sample and, when known, CPU (user+sys) seconds per sample. */
export function task(
  testId: string,
  title: string,
  wall: number[],
  cpu?: number[],
  params?: Measurement['params'],
): TestResult {
  return {
    testId,
    title,
    kind: 'task',
    tool: 'stopwatch',
    method: 'timed',
    status: 'ok',
    caveats: [],
    cache: 'cold',
    measurements: [m('wall_time', 's', wall, params ? { params } : {})],
    ...(cpu ? { cpuSeconds: cpu, wallSeconds: wall } : {}),
    bytesWritten: 0,
  };
}

export function drive(over: Partial<DriveInfo> = {}): DriveInfo {
  return {
    path: '/dev/sda',
    name: 'sda',
    model: null,
    vendor: null,
    serial: null,
    firmware: null,
    sizeBytes: 160e9,
    kind: 'hdd',
    kindEvidence: [],
    transport: 'sata',
    rotational: true,
    link: null,
    logicalSectorBytes: 512,
    physicalSectorBytes: 512,
    trim: null,
    scheduler: 'mq-deadline',
    removable: false,
    partitions: [
      {
        path: '/dev/sda1',
        name: 'sda1',
        sizeBytes: 160e9,
        fsType: 'ext4',
        mountpoints: ['/'],
        mountOptions: ['rw', 'relatime'],
        readOnly: false,
        freeBytes: 50e9,
        startBytes: 1048576,
      },
    ],
    holds: ['/'],
    isSystem: true,
    ...over,
  };
}

export const sata2 = {
  bus: 'sata',
  current: 'SATA II 3.0 Gb/s',
  max: 'SATA II 3.0 Gb/s',
  ceilingMBps: 285,
  maxCeilingMBps: 285,
};

export function machine(over: Partial<MachineProfile> = {}): MachineProfile {
  return {
    cpuModel: 'Intel(R) Core(TM)2 Duo CPU SL9400 @ 1.86GHz',
    cpuCores: 2,
    ramBytes: 4 * 2 ** 30,
    kernel: '2.6.32-28-generic',
    distro: 'Ubuntu 10.04',
    session: 'x11',
    ...over,
  };
}

export function run(
  id: string,
  label: RunDocument['label'],
  tests: TestResult[],
  over: Partial<RunDocument> = {},
): RunDocument {
  return runDocument.parse({
    schema: 'drivewise.run',
    version: 1,
    id,
    label,
    createdAt: '2011-08-01T10:00:00.000Z',
    appVersion: '0.1.0',
    source: { kind: 'measured' },
    machine: machine(),
    drive: drive(),
    targetDir: '/home/kyle',
    settings: { profile: 'full', tests: tests.map((t) => t.testId), repetitions: 1, sizes: {} },
    privilege: { state: 'granted' },
    caveats: [],
    tests,
    ...over,
  });
}

const hdparm = (cached: number[], buffered: number[]) => [
  synthetic('cached-read', 'Cached reads (hdparm -T)', 'hdparm', [
    m('cached_read', 'MiB/s', cached),
  ]),
  synthetic('buffered-read', 'Buffered disk reads (hdparm -t)', 'hdparm', [
    m('buffered_read', 'MiB/s', buffered),
  ]),
];

/** bonnie++ figures in the order of its report line; null = '+++++'. */
function bonnie(v: (number | null)[]): TestResult {
  const names: [string, string][] = [
    ['seq_output_per_chr', 'KiB/s'],
    ['seq_output_block', 'KiB/s'],
    ['seq_output_rewrite', 'KiB/s'],
    ['seq_input_per_chr', 'KiB/s'],
    ['seq_input_block', 'KiB/s'],
    ['random_seeks', 'seeks/s'],
    ['seq_create', 'files/s'],
    ['seq_stat', 'files/s'],
    ['seq_delete', 'files/s'],
    ['random_create', 'files/s'],
    ['random_stat', 'files/s'],
    ['random_delete', 'files/s'],
  ];
  return synthetic(
    'bonnie',
    'bonnie++',
    'bonnie++',
    names.map(([n, u], i) => m(n, u, [v[i] ?? null])),
  );
}

/** Seed 000: Fujitsu MHZ2160B 7200 rpm vs Intel 320 160 GB in a ThinkPad X200s (Linux Journal, 2011). */
export function seed000(): { before: RunDocument; after: RunDocument } {
  const vm = { name: 'Two-VM install' };
  const before = run(
    'seed000-hdd',
    'before',
    [
      ...hdparm([3383.99], [73.08]),
      bonnie([186, 71090, 33138, 1251, 83941, 175.2, 258, null, 369, 345, null, 323]),
      task('task.boot', 'Boot to login screen', [27]),
      task('task.login', 'Login to desktop', [22]),
      task('task.stopwatch', 'Stopwatch', [667], undefined, vm),
      task('task.du', 'Disk search (du -ck /)', [325.551], [2.7 + 18.589]),
    ],
    {
      name: 'Fujitsu MHZ2160B 7200 rpm',
      drive: drive({ model: 'FUJITSU MHZ2160B', kind: 'hdd' }),
    },
  );
  const after = run(
    'seed000-ssd',
    'after',
    [
      ...hdparm([3595.46], [166.48]),
      bonnie([187, 164010, 85149, 1325, 297390, 4636, 9079, null, 10451, 8292, null, 7043]),
      task('task.boot', 'Boot to login screen', [16]),
      task('task.login', 'Login to desktop', [9]),
      task('task.stopwatch', 'Stopwatch', [632], undefined, vm),
      task('task.du', 'Disk search (du -ck /)', [41.663], [2.04 + 13.453]),
    ],
    {
      name: 'Intel 320 160 GB',
      drive: drive({
        model: 'INTEL SSDSA2CW160G3',
        kind: 'sata-ssd',
        rotational: false,
        trim: true,
      }),
      baselineId: 'seed000-hdd',
    },
  );
  return { before, after };
}

/** Seed 004: 7200 rpm HDD vs a Samsung SSD rated 550/520 MB/s on an older machine (SATA II). */
export function seed004(): { before: RunDocument; after: RunDocument } {
  const before = run(
    'seed004-hdd',
    'before',
    [
      ...hdparm([2889.25, 2863.32, 2850.84], [107.12, 107.13, 107.12]),
      synthetic('dd-write', 'Sequential write (dd + sync)', 'dd', [
        m('throughput', 'MB/s', [63.0, 75.4, 105]),
      ]),
      task('task.boot', 'Boot to login screen', [101, 94, 94, 94, 91]),
    ],
    {
      name: 'HDD',
      drive: drive({ link: sata2 }),
      settings: { profile: 'full', tests: [], repetitions: 3, sizes: {} },
    },
  );
  const after = run(
    'seed004-ssd',
    'after',
    [
      ...hdparm([2910.31, 3011.33, 2849.14], [256.0, 253.98, 252.44]),
      synthetic('dd-write', 'Sequential write (dd + sync)', 'dd', [
        m('throughput', 'MB/s', [494, 489, 519]),
      ]),
      task('task.boot', 'Boot to login screen', [30]),
    ],
    {
      name: 'Samsung SSD 512 GB',
      drive: drive({ kind: 'sata-ssd', rotational: false, trim: true, link: sata2 }),
      settings: { profile: 'full', tests: [], repetitions: 3, sizes: {} },
    },
  );
  return { before, after };
}
