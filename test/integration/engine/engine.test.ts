import { describe, expect, it } from 'vitest';
import { runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import type { PrivilegedOps } from '../../../src/main/engine/types';
import type { DriveInfo } from '../../../src/shared/schemas/drive';
import { runDocument } from '../../../src/shared/schemas/run';
import { leftovers, metric, req, saver, tempDirs, TINY } from './helpers';

const dir = tempDirs();

describe('engine end to end (forked engine process, tiny sizes)', () => {
  it('runs all six quick synthetic tests (cached-read left quick: it measures memory), saves a valid run and leaves no files', async () => {
    const target = dir('all');
    const env = saver();
    const progress: { testId: string; overall: number; eta: number | null }[] = [];
    const doc = await runBench(
      planBench(req(target)),
      env,
      {},
      {
        signal: new AbortController().signal,
        onProgress: (p) =>
          progress.push({ testId: p.testId, overall: p.overall, eta: p.etaSeconds }),
      },
    );
    expect(doc).not.toBeNull();
    expect(runDocument.safeParse(doc).success).toBe(true);
    expect(env.saved).toHaveLength(1);
    const synthetic = doc!.tests.filter((t) => t.kind === 'synthetic');
    expect(synthetic.map((t) => [t.testId, t.status, t.error])).toEqual(
      ['buffered-read', 'dd-write', 'bonnie', 'iozone', 'seeker', 'qd-profile'].map((id) => [
        id,
        'ok',
        undefined,
      ]),
    );
    // The quick profile's journal read-outs (measured where systemd runs, "not available" here)
    // and its bounded felt tasks: app start, disk search (its warm walk leaves the workload's
    // metadata cached, and it removes the workload then), and unpack last (removing its tree keeps
    // a slow disk busy into whatever follows).
    const tasks = doc!.tests.filter((t) => t.kind === 'task');
    expect(tasks.map((t) => t.testId)).toEqual([
      'task.boot',
      'task.hibernate',
      'task.app-start',
      'task.du',
      'task.unpack',
    ]);
    for (const t of tasks) expect(['ok', 'skipped']).toContain(t.status);
    expect(leftovers(target)).toEqual([]);
    // Metric names follow the classic tools.
    for (const [t, m] of [
      ['buffered-read', 'buffered_read'],
      ['dd-write', 'throughput'],
      ['bonnie', 'seq_output_block'],
      ['bonnie', 'random_seeks'],
      ['bonnie', 'seq_create'],
      ['iozone', 'random_write'],
      ['seeker', 'seeks_per_second'],
      ['seeker', 'random_access_ms'],
      ['qd-profile', 'read_iops'],
      ['qd-profile', 'clat_p99_us'],
    ] as const)
      expect(metric(doc!, t, m), `${t} ${m}`).toBeDefined();
    expect(metric(doc!, 'bonnie', 'random_seeks')!.median).toBeGreaterThan(0);
    const iozoneRecords = doc!.tests
      .find((t) => t.testId === 'iozone')!
      .measurements.filter((m) => m.metric === 'read')
      .map((m) => m.params?.record_kb);
    expect(iozoneRecords).toEqual([4, 64, 512]);
    const qd = doc!.tests.find((t) => t.testId === 'qd-profile')!;
    expect(qd.measurements.filter((m) => m.metric === 'read_iops').map((m) => m.params)).toEqual([
      { pattern: 'seq', bs_kb: 1024, qd: 8 },
      { pattern: 'seq', bs_kb: 1024, qd: 1 },
      { pattern: 'rnd', bs_kb: 4, qd: 32 },
      { pattern: 'rnd', bs_kb: 4, qd: 1 },
    ]);
    // Progress: ETAs and an overall fraction that never goes backwards.
    expect(progress.length).toBeGreaterThan(5);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.overall).toBeGreaterThanOrEqual(progress[i - 1]!.overall - 1e-9);
    expect(progress.every((p) => p.eta !== null && p.eta >= 0)).toBe(true);
    expect(doc!.caveats.join(' ')).toMatch(
      /deep-queue I\/O: (native AIO|io_uring \(libuv\)|libuv thread pool)/,
    );
    expect(doc!.bytesWritten).toBeGreaterThan(0);
  });

  it('bonnie++ -f -n 0 (quick: sizes 0) leaves the per-character and file phases out, nothing else', async () => {
    const target = dir('bonnie-f');
    const run = async (bonnieChar: number, bonnieFiles: number) =>
      (await runBench(
        planBench(req(target, { tests: ['bonnie'], sizes: { ...TINY, bonnieChar, bonnieFiles } })),
        saver(),
        {},
        { signal: new AbortController().signal },
      ))!.tests[0]!;
    const [quick, noChar, full] = [await run(0, 0), await run(0, 1), await run(16 * 1024, 1)];
    // Every metric the run records, a figure or not (bonnie++'s file phases on a tiny 1,024 files
    // are timed in some runs and +++++ in others).
    const names = (t: typeof full) => t.measurements.map((m) => m.metric);
    const perChar = ['seq_output_per_chr', 'seq_input_per_chr'];
    expect(names(full)).toEqual(expect.arrayContaining([...perChar, 'seq_create']));
    expect(names(noChar)).toEqual(names(full).filter((m) => !perChar.includes(m)));
    expect(names(quick)).toEqual([
      'seq_output_block',
      'seq_output_rewrite',
      'seq_input_block',
      'random_seeks',
    ]);
    expect(quick.measurements.every((m) => m.median !== null)).toBe(true);
    expect(noChar.method).toMatch(/^bonnie\+\+ -f .*no per-char phases/);
    expect(quick.method).toMatch(/^bonnie\+\+ -f .* -n 0: .*no file phases \(-n 0\)$/);
    expect(full.method).toMatch(/per-char phases on 16\.0 KiB/);
    expect(noChar.caveats.join()).not.toMatch(/per-character/);
    expect(leftovers(target)).toEqual([]);
  });

  it('O_DIRECT read of a fresh 64 MiB file does not report cache speed', async () => {
    const target = dir('direct');
    const doc = (await runBench(
      planBench(req(target, { tests: ['cached-read', 'buffered-read'], repetitions: 2 })),
      saver(),
      {},
      { signal: new AbortController().signal },
    ))!;
    const cached = metric(doc, 'cached-read', 'cached_read')!.median!;
    const disk = metric(doc, 'buffered-read', 'buffered_read')!.median!;
    const br = doc.tests.find((t) => t.testId === 'buffered-read')!;
    expect(br.cache).toBe('bypassed');
    expect(br.method).toMatch(/O_DIRECT/);
    expect(br.caveats.join()).toMatch(/no admin rights/);
    // Page-cache copies run at memory speed; reads that reach the (virtual) disk are far slower.
    expect(disk).toBeLessThan(cached / 2);
    expect(leftovers(target)).toEqual([]);
  });

  it('asks the parent for raw-device reads through the privileged proxy', async () => {
    const target = dir('priv');
    const calls: string[] = [];
    const ops: PrivilegedOps = {
      dropCaches: async () => void calls.push('drop'),
      rawRead: async (op, device, o): Promise<Record<string, number>> => {
        calls.push(`${op}:${device}:${o.seconds}`);
        o.onProgress?.(0.5, { value: 1, unit: 'MiB/s' });
        if (op === 'seeker')
          return { seeks: 100, seconds: 1, seeksPerSecond: 100, randomAccessMs: 10 };
        return { bytes: 1, seconds: 1, mibPerSec: op === 'cached-read' ? 5000 : 123.4 };
      },
    };
    const doc = (await runBench(
      planBench(req(target, { tests: ['buffered-read', 'cached-read', 'seeker'] })),
      saver(),
      {
        privileged: () => ops,
        describeTarget: async () => ({ drive: null, machine: null }),
      },
      { signal: new AbortController().signal },
    ))!;
    // No drive known → no device → the file fallback, never a guess at a device path.
    expect(calls).toEqual([]);
    expect(doc.privilege.state).toBe('granted');

    const withDevice = (await runBench(
      planBench(req(target, { tests: ['buffered-read', 'cached-read', 'seeker'], repetitions: 2 })),
      saver(),
      { privileged: () => ops, describeTarget: async () => ({ drive: FAKE_DRIVE, machine: null }) },
      { signal: new AbortController().signal },
    ))!;
    // The device's cache is dropped before every raw read that must reach the drive (not before
    // cached reads, which measure the cache on purpose).
    expect(calls).toEqual([
      'drop',
      'buffered-read:/dev/fakedisk:3',
      'drop',
      'buffered-read:/dev/fakedisk:3',
      'cached-read:/dev/fakedisk:2',
      'cached-read:/dev/fakedisk:2',
      'drop',
      'seeker:/dev/fakedisk:0.3',
      'drop',
      'seeker:/dev/fakedisk:0.3',
    ]);
    expect(metric(withDevice, 'buffered-read', 'buffered_read')!.samples).toEqual([123.4, 123.4]);
    expect(metric(withDevice, 'seeker', 'random_access_ms')!.median).toBe(10);
    expect(withDevice.tests[0]!.method).toMatch(/on \/dev\/fakedisk/);
    expect(withDevice.drive?.path).toBe('/dev/fakedisk');
    expect(leftovers(target)).toEqual([]);
  });
});

const FAKE_DRIVE: DriveInfo = {
  path: '/dev/fakedisk',
  name: 'fakedisk',
  model: 'Fake Disk',
  vendor: null,
  serial: null,
  firmware: null,
  sizeBytes: 1e12,
  kind: 'hdd',
  kindEvidence: [],
  transport: 'sata',
  rotational: true,
  link: null,
  logicalSectorBytes: 512,
  physicalSectorBytes: 4096,
  trim: false,
  scheduler: null,
  removable: false,
  partitions: [],
  holds: [],
  isSystem: false,
};
