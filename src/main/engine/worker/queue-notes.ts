// How the queue-depth I/O ran, for a run's "how it ran" notes: QD1 on the native thread or from
// the engine thread, deep queues through native AIO, io_uring or libuv's thread pool (queue.ts).
import { readdirSync, readlinkSync } from 'node:fs';
import { nativeAio } from '../../core/native-aio';

/** How queue depth 1 was run, for the run's "how it ran" notes. */
export function qd1Note(): string {
  return nativeAio().addon?.runPsync
    ? 'QD1 pread/pwrite in a loop on one native thread (as fio psync)'
    : 'QD1 synchronous pread/pwrite from the engine thread (native addon not built)';
}

/** How deep-queue I/O was submitted, for the run's "how it ran" notes. */
export function deepQueueNote(): string {
  const aio = nativeAio();
  return aio.addon
    ? 'native AIO, one submission per request (as fio libaio)'
    : `${asyncIoMode()} (native AIO addon ${aio.why})`;
}

function asyncIoMode(): string {
  let uring = false;
  try {
    uring = readdirSync('/proc/self/fd').some((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).includes('io_uring');
      } catch {
        return false;
      }
    });
  } catch {
    /* no /proc */
  }
  return uring
    ? 'io_uring (libuv)'
    : `libuv thread pool (${process.env.UV_THREADPOOL_SIZE ?? '4'} threads; io_uring unavailable)`;
}
