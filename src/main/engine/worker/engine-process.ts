// Message loop of the engine process (entries/engine-worker.ts).
import { fromEngine, toEngine, type FromEngine } from '../protocol';
import { phaseRecorder, realRecorderDeps, syncFolder } from './phase-conditions';
import { PrivilegedProxy } from './privileged-proxy';
import { deepQueueNote } from './queue-notes';
import { registry } from './registry';
import { runPlan, type PhaseEta } from './runner';
import { engineTransport, type EngineTransport } from '../transport';
import { removeWorkDir } from './work-dir';

export function runEngineProcess(transport: EngineTransport = engineTransport()): void {
  const send = (m: FromEngine): void => transport.send(fromEngine.parse(m));
  const ac = new AbortController();
  let started = false;
  let workDir: string | null = null;
  const proxy = new PrivilegedProxy(send, () =>
    workDir ? syncFolder(workDir) : Promise.resolve(),
  );
  // The parent went away (crash or SIGKILL; for a utilityProcess also the app quitting): it
  // cannot clean up any more, so the work folder goes with us; stop at once.
  function parentGone(): void {
    ac.abort();
    if (workDir) removeWorkDir(workDir);
    process.exit(0);
  }
  transport.onParentGone(parentGone);
  transport.onMessage((raw) => {
    const parsed = toEngine.safeParse(raw);
    if (!parsed.success) return send({ type: 'error', message: 'malformed message to engine' });
    const msg = parsed.data;
    if (proxy.handle(msg)) return;
    if (msg.type === 'cancel') return ac.abort();
    if (msg.type === 'start' && !started) {
      started = true;
      workDir = msg.plan.workDir;
      const phases: PhaseEta[] = [];
      void runPlan(msg.plan, {
        send,
        signal: ac.signal,
        privileged: msg.plan.privileged ? proxy.ops() : null,
        modules: registry,
        onPhaseEnd: (e) => phases.push(e),
        conditions: phaseRecorder(realRecorderDeps(() => proxy.ioElsewhere())),
      })
        .then(() => send({ type: 'done', asyncIo: deepQueueNote(), phases }))
        .catch((err: unknown) =>
          send({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
        );
    }
  });
  send({ type: 'ready', pid: process.pid, asyncIo: deepQueueNote() });
}
