// The channel to a lent process (issue 37, class 3): JSON lines with a size and a rate bound.
import { PassThrough } from 'node:stream';
import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineChannel } from '../../../../src/main/core/line-channel';

/** A duplex whose reading side the test feeds and whose writes it collects. */
function pipe(): { stream: Duplex; feed: (s: string) => void; written: string[] } {
  const input = new PassThrough();
  const written: string[] = [];
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, cb) {
      written.push(chunk.toString());
      cb();
    },
  });
  input.on('data', (d: Buffer) => stream.push(d));
  return { stream, feed: (s) => input.write(s), written };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('lineChannel', () => {
  it('reads messages split across chunks and writes one line per message', async () => {
    const p = pipe();
    const ch = lineChannel(p.stream, { maxLine: 100, maxPerSecond: 10 });
    const got: unknown[] = [];
    ch.onMessage((m) => got.push(m));
    p.feed('{"a":1}\n{"b"');
    p.feed(':2}\n');
    await tick();
    ch.send({ c: 3 });
    expect(got).toEqual([{ a: 1 }, { b: 2 }]);
    expect(p.written).toEqual(['{"c":3}\n']);
  });

  it('closes on a message over the size bound, even before its end arrives', async () => {
    const p = pipe();
    const ch = lineChannel(p.stream, { maxLine: 100, maxPerSecond: 10 });
    const why: (string | null)[] = [];
    ch.onClose((w) => why.push(w));
    p.feed('"' + 'x'.repeat(60));
    p.feed('x'.repeat(60));
    await tick();
    expect(why).toEqual(['a message over 100 bytes']);
  });

  it('closes on more messages in a second than the rate bound, and on text that is not JSON', async () => {
    const p = pipe();
    const ch = lineChannel(p.stream, { maxLine: 100, maxPerSecond: 10 });
    let n = 0;
    const why: (string | null)[] = [];
    ch.onMessage(() => n++);
    ch.onClose((w) => why.push(w));
    p.feed('1\n'.repeat(50));
    await tick();
    expect([n, why]).toEqual([10, ['more than 10 messages in a second']]);
    const q = pipe();
    const why2: (string | null)[] = [];
    lineChannel(q.stream, { maxLine: 100, maxPerSecond: 10 }).onClose((w) => why2.push(w));
    q.feed('{oops\n');
    await tick();
    expect(why2).toEqual(['a message that is not JSON']);
  });
});
