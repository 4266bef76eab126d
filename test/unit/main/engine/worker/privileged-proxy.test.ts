import { describe, expect, it } from 'vitest';
import type { FromEngine } from '../../../../../src/main/engine/protocol';
import { PrivilegedProxy } from '../../../../../src/main/engine/worker/privileged-proxy';

describe('privileged proxy', () => {
  it('takes the helper own read bytes out of the figures and counts them as the engine own', async () => {
    const sent: FromEngine[] = [];
    const proxy = new PrivilegedProxy((m) => sent.push(m));
    const ops = proxy.ops();
    const answer = (value: unknown) => {
      const m = sent.at(-1) as Extract<FromEngine, { type: 'privileged' }>;
      proxy.handle({ type: 'privileged-result', id: m.id, ok: true, value });
    };
    const first = ops.rawRead('buffered-read', '/dev/loop3', { seconds: 1 });
    answer({ bytes: 4194304, mibPerSec: 80, helperReadBytes: 5 * 1048576 });
    expect(await first).toEqual({ bytes: 4194304, mibPerSec: 80 });
    const second = ops.rawRead('seeker', '/dev/loop3', {});
    answer({ seeks: 100, helperReadBytes: 409600 });
    expect(await second).toEqual({ seeks: 100 });
    // An older helper that does not report its bytes: nothing added.
    const third = ops.rawRead('seeker', '/dev/loop3', {});
    answer({ seeks: 7 });
    await third;
    expect(proxy.ioElsewhere()).toEqual({ readBytes: 5 * 1048576 + 409600, writeBytes: 0 });
  });
});
