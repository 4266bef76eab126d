import { describe, expect, it } from 'vitest';
import { encodeFrame, LineDecoder, parseRequest } from '../../../../src/main/privileged/protocol';

describe('LineDecoder', () => {
  it('splits lines across chunk boundaries', () => {
    const d = new LineDecoder(100);
    expect(d.push(Buffer.from('{"a":1}\n{"b"')).lines).toEqual(['{"a":1}']);
    expect(d.push(Buffer.from(':2}\n\n')).lines).toEqual(['{"b":2}', '']);
  });

  it('drops an oversized line whole and resynchronises at the next newline', () => {
    const d = new LineDecoder(16);
    const r1 = d.push(Buffer.from('x'.repeat(10)));
    expect(r1).toEqual({ lines: [], oversized: 0 });
    const r2 = d.push(Buffer.from('y'.repeat(40)));
    expect(r2).toEqual({ lines: [], oversized: 0 });
    const r3 = d.push(Buffer.from('zzz\n{"ok":1}\n'));
    expect(r3).toEqual({ lines: ['{"ok":1}'], oversized: 1 });
  });
});

const call = (op: string, args: unknown, id = 7) =>
  parseRequest(JSON.stringify({ type: 'call', id, op, args }));

describe('parseRequest', () => {
  it('accepts the whitelisted operations with valid arguments', () => {
    expect(call('ping', {})).toEqual({
      ok: true,
      req: { type: 'call', id: 7, op: 'ping', args: {} },
    });
    expect(call('dropCaches', undefined).ok).toBe(true);
    expect(call('rawRead', { test: 'seeker', device: '/dev/sda', seconds: 5 })).toEqual({
      ok: true,
      req: {
        type: 'call',
        id: 7,
        op: 'rawRead',
        args: { test: 'seeker', device: '/dev/sda', seconds: 5 },
      },
    });
    // An early stop once settled is a flag: the helper holds the rule, the engine cannot pass one.
    expect(
      call('rawRead', { test: 'buffered-read', device: '/dev/sda', seconds: 3, settle: true }),
    ).toMatchObject({ ok: true, req: { args: { settle: true } } });
    expect(call('identify', { device: '/dev/nvme0n1' }).ok).toBe(true);
    expect(call('journal', { grep: 'PM: hibernation', boots: 3 }).ok).toBe(true);
    expect(parseRequest(encodeFrame({ type: 'cancel', id: 3 }).trim())).toEqual({
      ok: true,
      req: { type: 'cancel', id: 3 },
    });
  });

  it('refuses malformed frames', () => {
    expect(parseRequest('{nope')).toMatchObject({ ok: false, id: null, error: /not JSON/ });
    expect(parseRequest('[1,2]')).toMatchObject({ ok: false, error: /not an object/ });
    expect(parseRequest('{"type":"call","op":"ping"}')).toMatchObject({
      ok: false,
      error: /missing id/,
    });
    expect(parseRequest('{"type":"call","id":-1,"op":"ping"}')).toMatchObject({ ok: false });
    expect(parseRequest('{"type":"hello","id":1}')).toMatchObject({
      ok: false,
      error: /unknown type/,
    });
    expect(call('ping', 'x')).toMatchObject({ ok: false, error: /args must be an object/ });
  });

  it('refuses unknown operations, including every way of asking for a write', () => {
    for (const op of ['write', 'rawWrite', 'exec', 'dd', 'unlink', '__proto__', 'constructor'])
      expect(call(op, {})).toMatchObject({ ok: false, id: 7, error: /unknown operation/ });
    expect(call('rawRead', { test: 'dd-write', device: '/dev/sda' })).toMatchObject({
      ok: false,
      error: /unknown raw test/,
    });
    expect(call('rawRead', { test: 'seeker', device: '/dev/sda', flags: 'w' })).toMatchObject({
      ok: false,
      error: /unexpected field: flags/,
    });
    expect(call('rawRead', { test: 'seeker', device: '/dev/sda', mode: 'rw' }).ok).toBe(false);
    expect(call('dropCaches', { value: 3 }).ok).toBe(false);
    expect(
      parseRequest(JSON.stringify({ type: 'call', id: 1, op: 'ping', args: {}, write: true })),
    ).toMatchObject({ ok: false, error: /unexpected field: write/ });
  });

  it('bounds argument values', () => {
    expect(call('rawRead', { test: 'seeker', device: 42 }).ok).toBe(false);
    expect(call('rawRead', { test: 'seeker', device: '/dev/' + 'a'.repeat(300) }).ok).toBe(false);
    expect(call('rawRead', { test: 'seeker', device: '/dev/sda', seconds: 0 }).ok).toBe(false);
    expect(call('rawRead', { test: 'seeker', device: '/dev/sda', seconds: 1e6 }).ok).toBe(false);
    expect(
      call('rawRead', { test: 'seeker', device: '/dev/sda', settle: { minSeconds: 0 } }).ok,
    ).toBe(false);
    expect(call('journal', { grep: '' }).ok).toBe(false);
    expect(call('journal', { grep: 'x'.repeat(201) }).ok).toBe(false);
    expect(call('journal', { grep: 'a\0b' }).ok).toBe(false);
    expect(call('journal', { grep: 'PM:', boots: 0 }).ok).toBe(false);
    expect(call('journal', { grep: 'PM:', boots: 2.5 }).ok).toBe(false);
  });
});

describe('processStartTime', () => {
  it('reads the start time of a live process and nothing for a missing one', async () => {
    const { processStartTime } = await import('../../../../src/main/privileged/helper');
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(process.pid)).toBe(processStartTime(process.pid));
    expect(processStartTime(2 ** 22 + 12345)).toBeNull();
  });
});

describe('parseRequest: the surface scan', () => {
  const ok = { device: '/dev/sda', points: 128, secondsPerPoint: 0.25, bytesPerPoint: 16 << 20 };

  it('takes bounded places, time and bytes a place on a device path', () => {
    expect(call('surfaceScan', ok)).toEqual({
      ok: true,
      req: { type: 'call', id: 7, op: 'surfaceScan', args: ok },
    });
  });

  it('refuses fewer than 100 or more than 1000 places, unbounded time or bytes, and extra fields', () => {
    const bad = (over: Record<string, unknown>) => call('surfaceScan', { ...ok, ...over });
    expect(bad({ points: 99 })).toMatchObject({ ok: false, error: /points/ });
    expect(bad({ points: 1001 }).ok).toBe(false);
    expect(bad({ points: 128.5 }).ok).toBe(false);
    expect(bad({ secondsPerPoint: 0 }).ok).toBe(false);
    expect(bad({ secondsPerPoint: 3 }).ok).toBe(false);
    // 1000 places of 2 s each would hold the drive for over half an hour.
    expect(bad({ points: 1000, secondsPerPoint: 2 })).toMatchObject({ error: /at most 600/ });
    expect(bad({ bytesPerPoint: 4096 }).ok).toBe(false);
    expect(bad({ bytesPerPoint: 1 << 30 }).ok).toBe(false);
    expect(bad({ write: true })).toMatchObject({ ok: false, error: 'unexpected field: write' });
    expect(bad({ device: 42 }).ok).toBe(false);
  });
});
