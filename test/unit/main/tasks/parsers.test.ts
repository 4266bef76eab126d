import { describe, expect, it, vi } from 'vitest';
import { parseLdd } from '../../../../src/main/tasks/app-files';
import { isResolved, resolveApp } from '../../../../src/main/tasks/app-resolve';
import {
  busyCaveat,
  ioWaitShare,
  taskResult,
  timeProgress,
} from '../../../../src/main/tasks/common';
import { duTask } from '../../../../src/main/tasks/du-task';
import { parseDuOutput } from '../../../../src/main/tasks/du-walk';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';
import { parseTimes } from '../../../../src/main/tasks/timed-exec';
import { explainTarFailure } from '../../../../src/main/tasks/unpack-options';
import { testResult } from '../../../../src/shared/schemas/run';
import { fixture } from './fixture';

describe('parseTimes', () => {
  it('reads the children line of dash and bash `times`', () => {
    expect(parseTimes('0m0.000000s 0m0.004000s\n0m1.250000s 0m0.500000s\n')).toEqual({
      user: 1.25,
      sys: 0.5,
    });
    expect(parseTimes('0m0.010s 0m0.000s\n1m2.500s 0m0.125s')).toEqual({ user: 62.5, sys: 0.125 });
    expect(parseTimes('')).toBeNull();
  });
});

describe('parseLdd', () => {
  it('lists the loader and every resolved library (captured: node)', () => {
    const { libs, missing } = parseLdd(fixture('ldd-node.txt'));
    expect(libs).toContain('/lib/x86_64-linux-gnu/libc.so.6');
    expect(libs).toContain('/lib64/ld-linux-x86-64.so.2');
    expect(libs.some((l) => l.includes('vdso'))).toBe(false);
    expect(missing).toEqual([]);
  });
  it('reports missing libraries and non-dynamic files', () => {
    expect(parseLdd(fixture('ldd-missing.txt'))).toEqual({
      libs: ['/lib/x86_64-linux-gnu/libc.so.6', '/lib64/ld-linux-x86-64.so.2'],
      missing: ['libxul.so'],
    });
    expect(parseLdd(fixture('ldd-not-dynamic.txt')).libs).toEqual([]);
  });
  it('resolves apps through PATH, null when absent', () => {
    const node = resolveApp('node');
    expect(isResolved(node) && node.kind === 'elf' && node.exe).toMatch(/node/);
    expect(resolveApp('definitely-not-installed-app')).toEqual({
      name: 'definitely-not-installed-app',
      why: 'definitely-not-installed-app is not installed',
    });
  });
});

describe('task results', () => {
  it('I/O-wait share = 1 − CPU/wall, clamped (CPU-bound pipelines read 0)', () => {
    expect(
      ioWaitShare([
        { wall: 10, cpu: 2 },
        { wall: 10, cpu: 4 },
      ]),
    ).toBeCloseTo(0.7);
    expect(ioWaitShare([{ wall: 1, cpu: 1.6 }])).toBe(0);
    expect(ioWaitShare([])).toBeNull();
  });
  it('advances time-based progress for silent tools, held below 95 %', () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const stop = timeProgress(2, (f) => seen.push(f));
      vi.advanceTimersByTime(1000);
      expect(seen.at(-1)).toBeCloseTo(0.5, 5);
      vi.advanceTimersByTime(5000);
      expect(seen.at(-1)).toBe(0.95);
      stop();
      const n = seen.length;
      vi.advanceTimersByTime(2000);
      expect(seen).toHaveLength(n);
    } finally {
      vi.useRealTimers();
    }
  });
  it('says when a busy machine overstates the I/O-wait share', () => {
    expect(busyCaveat(3.5, 2)).toMatch(/^the machine was busy \(load 3.5 on 2 cores\)/);
    expect(busyCaveat(0.5, 2)).toBeNull();
  });
  it('builds a valid TestResult with wall_time spread and CPU per sample', () => {
    const r = taskResult(duTask, {
      method: 'm',
      samples: [
        { wall: 3, cpu: 1 },
        { wall: 5, cpu: 1 },
        { wall: 4, cpu: 2 },
      ],
      cache: 'cold',
      caveats: [],
      startedAt: Date.now(),
    });
    expect(testResult.parse(r).measurements[0]).toMatchObject({
      metric: 'wall_time',
      median: 4,
      min: 3,
      max: 5,
      unit: 's',
      better: 'lower',
    });
    expect(r.cpuSeconds).toEqual([1, 1, 2]);
    expect(r.ioWaitShare).toBeCloseTo(2 / 3);
  });
  it('stopwatch timings become a result with the note', () => {
    const r = testResult.parse(
      stopwatchResult({
        title: 'GRUB to login screen',
        seconds: [27, 26.5],
        note: 'phone stopwatch',
      }),
    );
    expect(r.testId).toBe('task.stopwatch');
    expect(r.measurements[0]).toMatchObject({ median: 26.75, note: 'phone stopwatch' });
    expect(r.caveats).toContain('phone stopwatch');
  });
});

describe('small parsers', () => {
  it('du -sk output', () => {
    expect(parseDuOutput('123456\t/usr\n')).toBe(123456);
    expect(parseDuOutput('du: cannot read')).toBeNull();
  });
  it('tar failures become one line', () => {
    expect(
      explainTarFailure(
        'tar: linux/a.c: Cannot write: No space left on device\ntar: Exiting with failure status due to previous errors\n',
        '/mnt/x',
      ),
    ).toBe('the disk ran full while unpacking into /mnt/x; the extracted files were removed');
    expect(
      explainTarFailure(
        'tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors',
        '/x',
      ),
    ).toBe('unpacking failed: tar: This does not look like a tar archive');
  });
});
