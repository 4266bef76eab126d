/* eslint no-irregular-whitespace: ["error", { "skipTemplates": true }] -- seed 003 has no-break spaces */
// Published figures from the seeds (the user research in /work/shared/seeds), as reference runs.
// Tool outputs are copied verbatim from the write-ups and parsed by the importers; stopwatch and
// `time` figures are typed in exactly as printed.
import type { ReferenceSpec } from './build';
import { seconds } from './build';

const X25M =
  'Blog post benchmarking an Intel X25-M G2 80 GB (Postville) with iozone -I -a -s 256M -r 4k -r 64k -r 512K -i 0 -i 1 -i 2 ' +
  'and comparing it with two forum posts';
const x25m = (sizeBytes: number) => ({
  model: sizeBytes > 100e9 ? 'X25-M G2 160GB' : 'X25-M G2 80GB (SSDSA2M080G2GC)',
  vendor: 'Intel',
  kind: 'sata-ssd' as const,
  rotational: false,
  sizeBytes,
  transport: 'sata',
});

export const SEED_002: ReferenceSpec[] = [
  {
    id: 'ref-x25m-g2-80gb-ext4',
    name: 'Intel X25-M G2 80 GB, ext4 (Acer TravelMate TimeLine)',
    date: '2010-02',
    citation:
      X25M +
      "; the author's own run: ext4, Kubuntu 10.04 alpha, kernel 2.6.32, TRIM-capable firmware",
    drive: x25m(80e9),
    machine: { kernel: '2.6.32', distro: 'Kubuntu 10.04 alpha' },
    outputs: [
      String.raw`Iozone: Performance Test of File I/O
Version $Revision: 3.308 $
Compiled for 64 bit mode.
Build: linux
O_DIRECT feature enabled
Auto Mode
File size set to 262144 KB
Record Size 4 KB
Record Size 64 KB
Record Size 512 KB
Command line used: iozone -I -a -s 256M -r 4k -r 64k -r 512K -i 0 -i 1 -i 2
Output is in Kbytes/sec
Time Resolution = 0.000001 seconds.
Processor cache size set to 1024 Kbytes.
Processor cache line size set to 32 bytes.
File stride size set to 17 * record size.
random random
KB reclen write rewrite read reread read write
262144 4 38211 42784 46048 45918 8684 37782
262144 64 69923 77192 115359 113808 91553 74527
262144 512 77909 60055 220997 221988 204858 77677`,
    ],
  },
  {
    id: 'ref-x25m-g2-80gb-ext3',
    name: 'Intel X25-M G2 80 GB, ext3 noatime (Acer TravelMate TimeLine)',
    date: '2010-02-12',
    citation: X25M + "; the author's edit of 12 February 2010: same drive on ext3 with noatime",
    drive: x25m(80e9),
    machine: { kernel: '2.6.32', distro: 'Kubuntu 10.04 alpha' },
    outputs: [
      String.raw`random random
KB reclen write rewrite read reread read write
262144 4 45452 42928 43576 43587 9120 40782
262144 64 59020 73224 109954 108622 90028 74706
262144 512 81555 82546 172479 171934 174380 82114`,
    ],
  },
  {
    id: 'ref-x25m-g2-160gb-ubuntuforums',
    name: 'Intel X25-M G2 160 GB (Ubuntu Forums post, HP EliteBook 8530p)',
    date: '',
    citation:
      X25M +
      '; Ubuntu Forums post: HP EliteBook 8530p, Core 2 Duo T9400, 4 GB DDR2-800, benchmark without TRIM',
    drive: x25m(160e9),
    machine: { cpuModel: 'Intel Core 2 Duo T9400', cpuCores: 2, ramBytes: 4294967296 },
    outputs: [
      String.raw`random random
KB reclen write rewrite read reread read write
262144 4 55854 61601 77975 77408 18740 37199
262144 64 102575 87223 200613 201029 141870 70205
262144 512 110951 93840 244588 242498 233184 95013`,
    ],
  },
  {
    id: 'ref-x25m-g2-80gb-forum',
    name: 'Intel X25-M G2 80 GB SSDSA2M080G2GC (second forum post, notebook)',
    date: '',
    citation:
      X25M + '; second forum post (5 December), latest firmware with TRIM support, a notebook',
    drive: x25m(80e9),
    outputs: [
      String.raw`random random
KB reclen write rewrite read reread read write
262144 4 39360 46785 53897 51421 11412 39529
262144 64 71098 54363 130520 129911 98805 74485
262144 512 81657 78925 207837 210842 218651 81242`,
    ],
  },
];

const RAID =
  'Adam Klein\'s blog, "Hard disk: RAID5 vs SSD" (4 January 2012): development box, hdparm -tT and seeker v2.0 ' +
  '(4 KiB reads for 30 s) on the partitions';

export const SEED_003: ReferenceSpec[] = [
  {
    id: 'ref-raid5-barracuda-areca',
    name: '4-disk RAID5, Seagate Barracuda 7200 320 GB on Areca ARC-1210',
    date: '2012-01-04',
    citation: RAID + '; drives bought in 2006, SATA II controller card',
    drive: {
      model: '4 x Barracuda 7200 320GB RAID5 (Areca ARC-1210)',
      vendor: 'Seagate',
      kind: 'hdd',
      rotational: true,
      rpm: 7200,
      sizeBytes: 420909 * 1024 * 1024,
      transport: 'sata',
    },
    outputs: [
      String.raw`sudo hdparm -tT /dev/sdb5

/dev/sdb5:
 Timing cached reads:   15534 MB in  1.99 seconds = 7788.19 MB/sec
 Timing buffered disk reads: 456 MB in  3.01 seconds = 151.39 MB/sec`,
      String.raw`Seeker v2.0, 2007-01-15, http://www.linuxinsight.com/how_fast_is_your_disk.html
Benchmarking /dev/sdb5 [420909MB], wait 30 seconds..............................
Results: 85 seeks/second, 11.73 ms random access time`,
    ],
  },
  {
    id: 'ref-ocz-64gb-ssd',
    name: 'OCZ 64 GB SSD',
    date: '2012-01-04',
    citation: RAID + '; the SSD on the motherboard controller',
    drive: {
      model: '64GB SSD',
      vendor: 'OCZ',
      kind: 'sata-ssd',
      rotational: false,
      sizeBytes: 64e9,
      transport: 'sata',
    },
    outputs: [
      String.raw`sudo hdparm -tT /dev/sda5

/dev/sda5:
 Timing cached reads:   14776 MB in  1.99 seconds = 7407.07 MB/sec
 Timing buffered disk reads: 558 MB in  3.00 seconds = 185.80 MB/sec`,
      String.raw`Seeker v2.0, 2007-01-15, http://www.linuxinsight.com/how_fast_is_your_disk.html
Benchmarking /dev/sda5 [27235MB], wait 30 seconds..............................
Results: 5429 seeks/second, 0.18 ms random access time`,
    ],
  },
];

const SAMSUNG512 =
  'Blog post: a laptop HDD replaced by a 512 GB Samsung SSD (rated 550/520 MB/s); hdparm -t/-T and ' +
  'dd bs=8k count=250000 && sync three times each, boot timed from the power button to the login screen';

export const SEED_004: ReferenceSpec[] = [
  {
    id: 'ref-blog-laptop-hdd',
    name: 'Laptop HDD (before a 512 GB Samsung SSD)',
    date: '',
    citation: SAMSUNG512,
    drive: { model: null, vendor: null, kind: 'hdd', rotational: true, sizeBytes: 0 },
    outputs: [
      String.raw`user@localhost:~$ sudo hdparm -t /dev/sda5
/dev/sda5:
Timing buffered disk reads: 322 MB in 3.01 seconds = 107.12 MB/sec
user@localhost:~$ sudo hdparm -t /dev/sda5
/dev/sda5:
Timing buffered disk reads: 322 MB in 3.01 seconds = 107.13 MB/sec
user@localhost:~$ sudo hdparm -t /dev/sda5
/dev/sda5:
Timing buffered disk reads: 322 MB in 3.01 seconds = 107.12 MB/sec
user@localhost:~$ sudo hdparm -T /dev/sda5
/dev/sda5:
Timing cached reads: 5778 MB in 2.00 seconds = 2889.25 MB/sec
user@localhost:~$ sudo hdparm -T /dev/sda5
/dev/sda5:
Timing cached reads: 5726 MB in 2.00 seconds = 2863.32 MB/sec
user@localhost:~$ sudo hdparm -T /dev/sda5
/dev/sda5:
Timing cached reads: 5702 MB in 2.00 seconds = 2850.84 MB/sec`,
      String.raw`user@localhost:~$ time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 32.5028 s, 63.0 MB/s
real 0m41.773s
user 0m0.068s
sys 0m4.048s
user@localhost:~$ time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 27.1676 s, 75.4 MB/s
real 0m37.012s
user 0m0.056s
sys 0m3.848s
user@localhost:~$ time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 19.4599 s, 105 MB/s
real 0m37.929s
user 0m0.064s
sys 0m3.740s`,
    ],
    tasks: [
      {
        testId: 'task.boot',
        title: 'Boot',
        method: 'stopwatch, power button to login screen, five samples',
        seconds: ['1m41s', '1m34s', '1m34s', '1m34s', '1m31s'].map(seconds),
        caveats: [
          'The post calls the average "around 1min 48sec"; the five samples it lists average 94.8 s.',
        ],
      },
    ],
  },
  {
    id: 'ref-blog-samsung-512gb-ssd',
    name: 'Samsung 512 GB SSD (replacing a laptop HDD)',
    date: '',
    citation: SAMSUNG512 + "; the old system's bandwidth probably capped the SSD",
    drive: {
      model: '512GB SSD',
      vendor: 'Samsung',
      kind: 'sata-ssd',
      rotational: false,
      sizeBytes: 512e9,
    },
    outputs: [
      String.raw`root@localhost:~# sudo hdparm -t /dev/sda6
/dev/sda6:
Timing buffered disk reads: 770 MB in 3.01 seconds = 256.00 MB/sec
root@localhost:~# sudo hdparm -t /dev/sda6
/dev/sda6:
Timing buffered disk reads: 762 MB in 3.00 seconds = 253.98 MB/sec
root@localhost:~# sudo hdparm -t /dev/sda6
/dev/sda6:
Timing buffered disk reads: 758 MB in 3.00 seconds = 252.44 MB/sec
root@localhost:~# sudo hdparm -T /dev/sda6
/dev/sda6:
Timing cached reads: 5820 MB in 2.00 seconds = 2910.31 MB/sec
root@localhost:~# sudo hdparm -T /dev/sda6
/dev/sda6:
Timing cached reads: 6022 MB in 2.00 seconds = 3011.33 MB/sec
root@localhost:~# sudo hdparm -T /dev/sda6
/dev/sda6:
Timing cached reads: 5698 MB in 2.00 seconds = 2849.14 MB/sec`,
      String.raw`root@localhost:~# time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 4.14268 s, 494 MB/s
real 0m8.280s
user 0m0.040s
sys 0m2.084s
root@localhost:~# time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 4.18595 s, 489 MB/s
real 0m8.279s
user 0m0.068s
sys 0m2.036s
root@localhost:~# time sh -c "dd if=/dev/zero of=ddfile bs=8k count=250000 && sync"; rm -f ddfile
250000+0 records in
250000+0 records out
2048000000 bytes (2.0 GB) copied, 3.94227 s, 519 MB/s
real 0m8.258s
user 0m0.080s
sys 0m2.060s`,
    ],
    tasks: [
      {
        testId: 'task.boot',
        title: 'Boot',
        method: 'stopwatch, power button to login screen',
        seconds: [30],
        caveats: [
          '"Around 30sec"; 20 s after shortening the GRUB timeout and enabling fast boot in the POST.',
        ],
      },
    ],
  },
];
