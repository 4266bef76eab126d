// Task 3 — boot time of the current boot, from systemd's own clocks.
import type { TestResult } from '../../shared/schemas/run';
import type { TestModule } from '../engine/types';
import { measure, notAvailable } from './common';
import { execText, systemdBooted, type ExecFn } from './exec-text';
import { bootSeconds, parseAnalyzeTime, parseBlame } from './systemd-readers';

const METHOD = 'systemd-analyze time + blame (the current boot)';

/** Reads the current boot; `exec` is injectable so tests feed captured output. */
export async function readBoot(exec: ExecFn = execText, signal?: AbortSignal): Promise<TestResult> {
  const startedAt = Date.now();
  const time = await exec('systemd-analyze', ['time'], signal);
  if (time.missing) return notAvailable(bootTask, METHOD, 'systemd-analyze is not installed');
  const parsed = parseAnalyzeTime(time.stdout, time.stderr);
  if (!parsed.available) return notAvailable(bootTask, METHOD, parsed.reason);
  const t = parsed.value;
  const blame = await exec('systemd-analyze', ['blame'], signal);
  const slowest = parseBlame(blame.stdout).slice(0, 10);
  const parts = (['firmware', 'loader', 'kernel', 'initrd', 'userspace'] as const).filter(
    (k) => t[k] !== undefined,
  );
  return {
    testId: bootTask.id,
    title: bootTask.title,
    kind: 'task',
    tool: bootTask.tool,
    method: METHOD,
    status: 'ok',
    caveats: [
      'one sample per boot: reboot and measure again to see the spread',
      ...(t.target ? [] : ['no graphical/multi-user target time: total startup used']),
    ],
    cache: 'cold',
    measurements: [
      measure('wall_time', 's', 'lower', [bootSeconds(t)], {
        label: t.target ? `power-on to ${t.target.unit}` : 'startup finished',
      }),
      ...parts.map((k) => measure(`boot_${k}`, 's', 'lower', [t[k]!], { label: k })),
      ...(t.target
        ? [
            measure('boot_target', 's', 'lower', [t.target.seconds], {
              label: `${t.target.unit} in userspace`,
            }),
          ]
        : []),
    ],
    wallSeconds: [bootSeconds(t)],
    ioWaitShare: null,
    bytesWritten: 0,
    durationSeconds: (Date.now() - startedAt) / 1000,
    extra: { times: t, slowestUnits: slowest },
  };
}

export const bootTask: TestModule = {
  id: 'task.boot',
  title: 'Boot time',
  kind: 'task',
  tool: 'systemd-analyze',
  description:
    "Reads this boot's times from systemd-analyze: firmware, loader, kernel, userspace, and the slowest units.",
  // systemd-analyze time + blame; without systemd it fails at once (measured 0.05–0.07 s).
  estimateSeconds: () => (systemdBooted() ? 1 : 0.1),
  bytesNeeded: () => 0,
  run: (ctx) => readBoot(execText, ctx.signal),
};
