// Published figures from the seeds (the user research in /work/shared/seeds), as reference runs.
// Tool outputs are copied verbatim from the write-ups and parsed by the importers; stopwatch and
// `time` figures are typed in exactly as printed.
import type { ReferenceSpec } from './build';
import { seconds } from './build';

const LJ_X200S =
  'Linux Journal review of the Intel 320 SSD against a 7200 rpm drive in a Lenovo ThinkPad X200s ' +
  '(Ubuntu 10.04, dual-core CPU); the author reports the best of several runs';

export const SEED_000: ReferenceSpec[] = [
  {
    id: 'ref-lj-x200s-fujitsu-mhz2160b',
    name: 'Fujitsu MHZ2160B 160 GB 7200 rpm (ThinkPad X200s)',
    date: '',
    citation: LJ_X200S,
    drive: {
      model: 'MHZ2160B',
      vendor: 'Fujitsu',
      kind: 'hdd',
      rotational: true,
      rpm: 7200,
      sizeBytes: 160e9,
      transport: 'sata',
    },
    machine: { cpuModel: 'dual-core (ThinkPad X200s)', cpuCores: 2, distro: 'Ubuntu 10.04' },
    outputs: [
      String.raw`$ sudo hdparm -Tt /dev/sda6 /dev/sda6: Timing cached reads: 6748 MB in 1.99 seconds = 3383.99 MB/sec Timing buffered disk reads: 220 MB in 3.01 seconds = 73.08 MB/sec`,
      String.raw`------Sequential Output------ --Sequential Input- --Random- -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks-- K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP 186 99 71090 17 33138 19 1251 97 83941 17 175.2 4 Latency 49232us 1079ms 759ms 54918us 188ms 294ms ------Sequential Create------ --------Random Create-------- -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete-- /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP 258 2 +++++ +++ 369 3 345 3 +++++ +++ 323 3 Latency 314ms 633us 150ms 151ms 486us 398ms`,
    ],
    tasks: [
      {
        testId: 'task.boot',
        title: 'Boot',
        method: 'stopwatch, Enter at GRUB to login screen',
        seconds: [27],
      },
      {
        testId: 'task.login',
        title: 'Login',
        method: 'stopwatch, password entered to desktop with terminals and Firefox',
        seconds: [22],
      },
      {
        testId: 'task.du',
        title: 'du -ck /',
        method: 'time du -ck / (whole file system)',
        seconds: [seconds('5m25.551s')],
        cpuSeconds: [seconds('0m2.700s') + seconds('0m18.589s')],
      },
      {
        testId: 'task.vm-install',
        title: 'Two VirtualBox VMs installing Ubuntu Server at once',
        method: 'stopwatch, kickstart install of two VMs until both rebooted to login',
        seconds: [seconds('11m7s')],
        caveats: ['CPU-bound on a dual-core laptop: the drive barely mattered.'],
      },
    ],
    caveats: [
      'The article text says 248 sequential creates/s; the bonnie++ output it shows says 258.',
    ],
  },
  {
    id: 'ref-lj-x200s-intel-320',
    name: 'Intel 320 160 GB SSD (ThinkPad X200s)',
    date: '',
    citation: LJ_X200S + '; review unit, retail about $300 at the time',
    drive: {
      model: 'SSD 320 Series 160GB',
      vendor: 'Intel',
      kind: 'sata-ssd',
      rotational: false,
      sizeBytes: 160e9,
      transport: 'sata',
    },
    machine: { cpuModel: 'dual-core (ThinkPad X200s)', cpuCores: 2, distro: 'Ubuntu 10.04' },
    outputs: [
      String.raw`$ sudo hdparm -Tt /dev/sda6 /dev/sda6: Timing cached reads: 7168 MB in 1.99 seconds = 3595.46 MB/sec Timing buffered disk reads: 500 MB in 3.00 seconds = 166.48 MB/sec`,
      String.raw`------Sequential Output------ --Sequential Input- --Random- -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks-- K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP 187 99 164010 40 85149 32 1325 99 297390 60 4636 124 Latency 52047us 423ms 336ms 21716us 12432us 9048us ------Sequential Create------ --------Random Create-------- -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete-- /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP /sec %CP 9079 56 +++++ +++ 10451 63 8292 60 +++++ +++ 7043 61 Latency 5177us 283us 5218us 10723us 30us 16179us`,
    ],
    tasks: [
      {
        testId: 'task.boot',
        title: 'Boot',
        method: 'stopwatch, Enter at GRUB to login screen',
        seconds: [16],
      },
      {
        testId: 'task.login',
        title: 'Login',
        method: 'stopwatch, password entered to desktop with terminals and Firefox',
        seconds: [9],
      },
      {
        testId: 'task.du',
        title: 'du -ck /',
        method: 'time du -ck / (whole file system)',
        seconds: [seconds('0m41.663s')],
        cpuSeconds: [seconds('0m2.040s') + seconds('0m13.453s')],
      },
      {
        testId: 'task.vm-install',
        title: 'Two VirtualBox VMs installing Ubuntu Server at once',
        method: 'stopwatch, kickstart install of two VMs until both rebooted to login',
        seconds: [seconds('10m32s')],
        caveats: ['CPU-bound on a dual-core laptop: the drive barely mattered.'],
      },
    ],
  },
];

const LJ_P1610 =
  '"My Move to Solid State", Linux Journal (the follow-up review cites it as ' +
  'www.linuxjournal.com/article/10094): Fujitsu P1610, Intel Core Solo ULV 1.2 GHz, 1 GB RAM, ' +
  'Ubuntu 7.10, ATA/66 bus; hdparm run three times, reboots before cold tests';
const P1610 = {
  cpuModel: 'Intel Core Solo ULV 1.2 GHz',
  cpuCores: 1,
  ramBytes: 1073741824,
  distro: 'Ubuntu 7.10',
};

export const SEED_001: ReferenceSpec[] = [
  {
    id: 'ref-lj-p1610-toshiba-mk6006gah',
    name: 'Toshiba MK6006GAH 60 GB 1.8" 4200 rpm (Fujitsu P1610)',
    date: '',
    citation: LJ_P1610,
    drive: {
      model: 'MK6006GAH',
      vendor: 'Toshiba',
      kind: 'hdd',
      rotational: true,
      rpm: 4200,
      sizeBytes: 60e9,
      transport: 'ata',
    },
    machine: P1610,
    outputs: [
      String.raw`/dev/sda3:
 Timing cached reads: 1842 MB in 2.00 seconds = 921.90 MB/sec
 Timing buffered disk reads: 64 MB in 3.08 seconds = 20.79 MB/sec
/dev/sda3:
 Timing cached reads: 1814 MB in 2.00 seconds = 907.56 MB/sec
 Timing buffered disk reads: 64 MB in 3.08 seconds = 20.78 MB/sec
/dev/sda3:
 Timing cached reads: 1794 MB in 2.00 seconds = 897.43 MB/sec
 Timing buffered disk reads: 62 MB in 3.04 seconds = 20.39 MB/sec`,
      String.raw` ------Sequential Output------ --Sequential Input- --Random-
 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
2G 11309  52 11272   3  4921   2 10715  44 11471   2  83.8   0
 ------Sequential Create------ --------Random Create--------
 -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
 16   190   2 +++++ +++   177   1   196   2 +++++ +++   154   1
minimus,2G,11309,52,11272,3,4921,2,10715,44,11471,2,83.8,0,16,190,
↪2,+++++,+++,177,1,196,2,+++++,+++,154,1`,
    ],
    tasks: [
      {
        testId: 'task.boot-login',
        title: 'Boot + login (GRUB to usable desktop)',
        method: 'stopwatch, boot and login combined',
        seconds: [109],
      },
      {
        testId: 'task.hibernate-resume',
        title: 'Hibernate + resume',
        method: 'stopwatch, hibernate and resume combined',
        seconds: [158],
      },
    ],
    caveats: [
      'The article gives boot, login, unpack and hibernate separately only as differences; the combined figures are the ones it prints.',
    ],
  },
  {
    id: 'ref-lj-p1610-samsung-mcboe32g8apr',
    name: 'Samsung MCBOE32G8APR 32 GB 1.8" SSD (Fujitsu P1610)',
    date: '',
    citation: LJ_P1610,
    drive: {
      model: 'MCBOE32G8APR',
      vendor: 'Samsung',
      kind: 'sata-ssd',
      rotational: false,
      sizeBytes: 32e9,
      transport: 'ata',
    },
    machine: P1610,
    outputs: [
      String.raw`/dev/sda:
 Timing cached reads: 1894 MB in 2.00 seconds = 947.80 MB/sec
 Timing buffered disk reads: 80 MB in 3.07 seconds = 26.02 MB/sec
/dev/sda:
 Timing cached reads: 1894 MB in 2.00 seconds = 947.61 MB/sec
 Timing buffered disk reads: 80 MB in 3.08 seconds = 26.00 MB/sec
/dev/sda:
 Timing cached reads: 1886 MB in 2.00 seconds = 943.86 MB/sec
 Timing buffered disk reads: 78 MB in 3.00 seconds = 25.99 MB/sec`,
      String.raw` ------Sequential Output------ --Sequential Input- --Random-
 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
2G 18155  94 23125   8 12521   8 20818  94 28149   8  1226   5
 ------Sequential Create------ --------Random Create--------
 -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
16  1128  11 +++++ +++  1101  10  1158  10 +++++ +++   449   4
minimus,2G,18155,94,23125,8,12521,8,20818,94,28149,8,1226.4,5,16,
↪1128,11,+++++,+++,1101,10,1158,10,+++++,+++,449,4`,
    ],
    tasks: [
      {
        testId: 'task.boot-login',
        title: 'Boot + login (GRUB to usable desktop)',
        method: 'stopwatch, boot and login combined',
        seconds: [57],
      },
      {
        testId: 'task.hibernate-resume',
        title: 'Hibernate + resume',
        method: 'stopwatch, hibernate and resume combined',
        seconds: [88],
      },
    ],
    caveats: ['On an ATA/66 bus, which caps sequential reads.'],
  },
];
