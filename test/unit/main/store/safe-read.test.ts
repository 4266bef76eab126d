// The hardened reader: regular files only, no links, capped before reading, one line per refusal.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  readRegularFile,
  readRegularFileSync,
  readStreamCapped,
  UnsafeFileError,
} from '../../../../src/main/store/safe-read';
import { tempDirs } from '../../../integration/engine/helpers';

const tempDir = tempDirs();

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof UnsafeFileError ? { kind: e.kind, message: e.message } : e),
  );

// The fleet's worker threads read with the synchronous twin: the same checks, the same words.
const READERS = {
  readRegularFile,
  readRegularFileSync: async (f: string, max?: number) => readRegularFileSync(f, max),
};

describe.each(Object.entries(READERS))('%s', (_name, readRegularFile) => {
  it('reads a regular file whole', async () => {
    const f = join(tempDir('sr'), 'a.json');
    writeFileSync(f, '{"x":1}');
    expect((await readRegularFile(f)).toString()).toBe('{"x":1}');
  });

  it('reads a file of several MiB and an empty one whole', async () => {
    const d = tempDir('sr');
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'ab');
    writeFileSync(join(d, 'big.json'), big);
    writeFileSync(join(d, 'empty.json'), '');
    expect((await readRegularFile(join(d, 'big.json'))).equals(big)).toBe(true);
    expect((await readRegularFile(join(d, 'empty.json'))).length).toBe(0);
  });

  it('names what it refused: missing, link, FIFO, folder, device, over the cap', async () => {
    const d = tempDir('sr');
    symlinkSync(join(d, 'elsewhere'), join(d, 'link'));
    execFileSync('mkfifo', [join(d, 'fifo')]);
    mkdirSync(join(d, 'dir'));
    writeFileSync(join(d, 'big'), '');
    truncateSync(join(d, 'big'), 33 * 1024 * 1024);
    writeFileSync(join(d, 'small'), 'x'.repeat(2000));
    expect(await refusal(readRegularFile(join(d, 'none')))).toMatchObject({ kind: 'missing' });
    expect(await refusal(readRegularFile(join(d, 'link')))).toEqual({
      kind: 'symlink',
      message: `${join(d, 'link')} is a symbolic link (Drivewise does not follow links)`,
    });
    expect(await refusal(readRegularFile(join(d, 'fifo')))).toEqual({
      kind: 'not-regular',
      message: `${join(d, 'fifo')} is a FIFO (named pipe), not a regular file`,
    });
    expect(await refusal(readRegularFile(join(d, 'dir')))).toMatchObject({ kind: 'not-regular' });
    expect(await refusal(readRegularFile('/dev/zero'))).toEqual({
      kind: 'not-regular',
      message: '/dev/zero is a character device, not a regular file',
    });
    expect(await refusal(readRegularFile(join(d, 'big')))).toEqual({
      kind: 'too-large',
      message: `${join(d, 'big')} is 33 MiB, over the 32 MiB cap for a run file (not read)`,
    });
    expect(await refusal(readRegularFile(join(d, 'small'), 1000))).toMatchObject({
      kind: 'too-large',
    });
  });
});

describe('readStreamCapped', () => {
  it('reads up to the cap and stops past it', async () => {
    expect(
      (
        await readStreamCapped(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 'in', 3)
      ).toString(),
    ).toBe('abc');
    const src = Readable.from([Buffer.alloc(2), Buffer.alloc(2), Buffer.alloc(2)]);
    await expect(readStreamCapped(src, 'standard input', 3)).rejects.toThrow(
      'standard input is over the 3 bytes cap for a run file (reading stopped)',
    );
  });
});
