// Message loop of the engine process (entries/engine-worker.ts).
import { fromEngine, toEngine, type FromEngine } from './protocol';
import { PrivilegedProxy } from './privileged-proxy';
import { asyncIoMode } from './queue';
import { registry } from './registry';
import { runPlan } from './runner';

export function runEngineProcess(): void {
  const send = (m: FromEngine): void => {
    if (process.connected) process.send?.(fromEngine.parse(m));
  };
  const ac = new AbortController();
  const proxy = new PrivilegedProxy(send);
  let started = false;
  // The parent went away (crash or kill): stop at once; the parent side removes the work folder.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw) => {
    const parsed = toEngine.safeParse(raw);
    if (!parsed.success) return send({ type: 'error', message: 'malformed message to engine' });
    const msg = parsed.data;
    if (proxy.handle(msg)) return;
    if (msg.type === 'cancel') return ac.abort();
    if (msg.type === 'start' && !started) {
      started = true;
      void runPlan(msg.plan, {
        send,
        signal: ac.signal,
        privileged: msg.plan.privileged ? proxy.ops() : null,
        modules: registry,
      })
        .then(() => send({ type: 'done', asyncIo: asyncIoMode() }))
        .catch((err: unknown) =>
          send({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
        );
    }
  });
  send({ type: 'ready', pid: process.pid, asyncIo: asyncIoMode() });
}
