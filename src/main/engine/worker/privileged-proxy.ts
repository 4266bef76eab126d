// In the engine process, ctx.privileged is this proxy: each call becomes a {type:'privileged'}
// message answered by the parent (which holds the root helper). AbortSignal and callbacks cannot
// cross the process boundary, so cancel is the parent's job and progress comes back as messages.
import type { FromEngine, ToEngine } from '../protocol';
import { HELPER_READ_BYTES, type LiveValue, type PrivilegedOps } from '../types';
import type { SurfaceReadings } from '../methods/surface';

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: ((fraction: number, live?: LiveValue) => void) | undefined;
};

export class PrivilegedProxy {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Storage bytes the root helper read for this engine (raw reads), a running total. */
  private helperReadBytes = 0;

  /** `beforeDrop`: writes the run's folder out, as the helper's drop no longer syncs. */
  constructor(
    private readonly send: (m: FromEngine) => void,
    private readonly beforeDrop: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** Feed parent messages here; returns true when the message was for the proxy. */
  handle(msg: ToEngine): boolean {
    if (msg.type !== 'privileged-result' && msg.type !== 'privileged-progress') return false;
    const p = this.pending.get(msg.id);
    if (!p) return true;
    if (msg.type === 'privileged-progress') {
      p.onProgress?.(msg.fraction, msg.live ?? undefined);
      return true;
    }
    this.pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new Error(msg.error ?? 'privileged operation failed'));
    return true;
  }

  private call(
    op: 'dropCaches' | 'rawRead' | 'surfaceScan' | 'journal',
    args: unknown[],
    signal?: AbortSignal,
    onProgress?: Pending['onProgress'],
  ): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      signal?.addEventListener('abort', () => {
        if (this.pending.delete(id))
          reject(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
      });
      this.send({ type: 'privileged', id, op, args });
    });
  }

  ops(): PrivilegedOps {
    return {
      dropCaches: async () => {
        await this.beforeDrop();
        await this.call('dropCaches', []);
      },
      rawRead: async (op, device, opts) => {
        const figures = (await this.call(
          'rawRead',
          [op, device, { seconds: opts.seconds, ...(opts.settle ? { settle: true } : {}) }],
          opts.signal,
          opts.onProgress,
        )) as Record<string, number>;
        // Not a figure of the test: the helper's I/O, which the conditions count as the engine's.
        const { [HELPER_READ_BYTES]: read, ...rest } = figures;
        this.countHelperBytes(read);
        return rest;
      },
      surfaceScan: async (device, args, opts) => {
        const { [HELPER_READ_BYTES]: read, ...readings } = (await this.call(
          'surfaceScan',
          [device, args],
          opts.signal,
          opts.onProgress,
        )) as SurfaceReadings & Record<string, unknown>;
        this.countHelperBytes(read);
        return readings;
      },
      journal: async (args) => String(await this.call('journal', [args])),
    };
  }

  private countHelperBytes(read: unknown): void {
    if (typeof read === 'number' && Number.isFinite(read) && read > 0) this.helperReadBytes += read;
  }

  /** I/O other processes did for this engine so far (the phase recorder's `elsewhere`). */
  ioElsewhere(): { readBytes: number; writeBytes: number } {
    return { readBytes: this.helperReadBytes, writeBytes: 0 };
  }
}
