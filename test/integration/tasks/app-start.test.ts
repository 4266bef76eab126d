// Starting real applications: a command the person gave and Debian's Chromium (its /usr/bin entry
// is a shell script; the binary behind it is what starts), each cold then warm with the device's
// counters around each run; a cold start is checked cold with mincore; a cancelled start leaves
// no process and no file.
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { appStartTask } from '../../../src/main/tasks/app-start-task';
import { memoryFolder, startOnce } from '../../../src/main/tasks/app-run';
import { workloadOf } from '../../../src/shared/bench/workload';
import { testResult } from '../../../src/shared/schemas/run';
import { makeContext, processesIn } from './context';

const small = { 'task.workloadFiles': 1000 };
const hasChromium = existsSync('/usr/bin/chromium');

describe('starting your apps', () => {
  it('starts a command cold then warm, with its counters, beside the application-like start', async () => {
    const { ctx } = makeContext({
      options: { apps: ['node -e 0', 'not-an-app-xyz'] },
      sizes: small,
    });
    const r = testResult.parse(await appStartTask.run(ctx));
    expect(r.status).toBe('ok');
    expect(r.measurements[0]!.params).toEqual({ app: 'node' });
    expect(r.measurements[0]!.label).toBe('node (your command)');
    expect(r.caveats).toContain('not-an-app-xyz is not installed');
    const like = r.measurements.find((m) => m.params?.['workload'] === 'generated')!;
    expect(like.samples).toHaveLength(1);
    expect(workloadOf(r, 'generated')?.files).toBe(1000);
    // Both rows: one cold and one warm run, each with what the device and the CPU did.
    expect(r.work?.map((w) => w.params)).toEqual([{ app: 'node' }, { workload: 'generated' }]);
    for (const w of r.work!) {
      expect(w.cold).toHaveLength(1);
      expect(w.warm).toHaveLength(1);
      // An app start runs once more with its profile in memory (/dev/shm is a tmpfs here).
      expect(w.inMemory?.length).toBe(w.params?.['app'] ? 1 : undefined);
      expect(w.cold[0]!.cpu).toBeGreaterThan(0);
      expect(w.cold[0]!.conditions?.seconds).toBeGreaterThan(0);
    }
    // Without admin rights the workload's files were dropped one by one; mincore found them out.
    const likeWork = r.work!.find((w) => w.params?.['workload'])!;
    expect(likeWork.coldCheck?.how).toBe('fadvise');
    expect(likeWork.coldCheck!.residentBytes).toBeLessThan(
      0.05 * likeWork.coldCheck!.checkedBytes!,
    );
  });

  it('refuses when nothing the person named can be started', async () => {
    await expect(
      appStartTask.run(makeContext({ options: { apps: ['not-an-app-xyz'] } }).ctx),
    ).rejects.toThrow('none of these apps can be started: not-an-app-xyz is not installed');
  });

  it.runIf(hasChromium)(
    'starts Debian’s Chromium (the binary behind its wrapper script) cold, checked cold, then warm',
    async () => {
      const { ctx } = makeContext({ options: { apps: ['chromium'] }, sizes: small });
      const r = testResult.parse(await appStartTask.run(ctx));
      expect(r.measurements[0]!.params).toEqual({ app: 'chromium' });
      expect(r.caveats).toContain(
        '/usr/bin/chromium is a shell script that starts /usr/lib/chromium/chromium: that binary is what is timed',
      );
      const w = r.work!.find((x) => x.params?.['app'] === 'chromium')!;
      // Cold: its binary and its own files out of memory before the start (mincore), and the
      // start read them back (its own bytes, from /proc/self/io, its children's included).
      expect(w.coldCheck!.checkedBytes).toBeGreaterThan(250e6);
      expect(w.coldCheck!.residentBytes).toBeLessThan(0.05 * w.coldCheck!.checkedBytes!);
      expect(w.cold[0]!.conditions!.io!.ownReadBytes).toBeGreaterThan(20e6);
      // Warm: nothing to read, and no faster than its own CPU allows.
      expect(w.warm[0]!.conditions!.io!.ownReadBytes).toBeLessThan(
        0.2 * w.cold[0]!.conditions!.io!.ownReadBytes,
      );
      // On a fast disk the cold start's reads take a tenth of a second of a CPU-bound 1.6 s start,
      // so the two walls differ by its noise (measured: warm 1.68 s, cold 1.57 s): no slower by
      // more than that.
      expect(w.warm[0]!.wall).toBeLessThan(1.25 * w.cold[0]!.wall);
      expect(readdirSync(ctx.workDir).filter((f) => f.startsWith('app-start-'))).toEqual([]);
      // With its profile in memory the start wrote (almost) nothing to the drive under test: its
      // warm run wrote its fresh profile there (a few MB).
      const mem = w.inMemory![0]!.conditions!.devices[0]!;
      expect(mem.writeBytes).toBeLessThan(0.5 * w.warm[0]!.conditions!.devices[0]!.writeBytes);
      expect(readdirSync('/dev/shm').filter((f) => f.startsWith('dw-app-home-'))).toEqual([]);
    },
  );

  it.runIf(hasChromium)('a cancelled start leaves no process and no file behind', async () => {
    // Chromium's SingletonSocket folder goes to TMPDIR: before each start had its own, a cancel
    // left /tmp/org.chromium.Chromium.* (SingletonSocket, SingletonCookie) behind every time.
    const temps = () =>
      new Set(readdirSync(tmpdir()).filter((f) => /^(dw-app-|org\.chromium\.)/.test(f)));
    const before = temps();
    const rec = makeContext({ options: { apps: ['chromium'] }, sizes: small });
    rec.ctx.progress = (_f, _l, message) => {
      if (message?.startsWith('starting chromium')) setTimeout(() => rec.abort.abort(), 400);
    };
    await expect(appStartTask.run(rec.ctx)).rejects.toThrow(/abort/i);
    expect(processesIn(rec.ctx.workDir)).toEqual([]);
    expect(readdirSync(rec.ctx.workDir).filter((f) => f.startsWith('app-start-'))).toEqual([]);
    expect([...temps()].filter((f) => !before.has(f))).toEqual([]);
  });

  it.runIf(memoryFolder() !== null)(
    'a start with its profile in memory, cancelled, leaves no process and no folder there',
    async () => {
      const mem = memoryFolder()!;
      const homes = () => readdirSync(mem).filter((f) => f.startsWith('dw-app-home-'));
      const before = new Set(homes());
      const { ctx, abort } = makeContext({});
      setTimeout(() => abort.abort(), 300);
      await expect(
        startOnce(ctx, 'sleep', (p) => ['sh', '-c', 'touch "$0/x"; sleep 31.7; :', p], 0, mem),
      ).rejects.toThrow(/abort/i);
      expect([...processesIn('dw-app-home-'), ...processesIn('sleep 31.7')]).toEqual([]);
      expect(homes().filter((f) => !before.has(f))).toEqual([]);
    },
  );
});
