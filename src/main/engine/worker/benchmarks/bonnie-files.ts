// bonnie++'s small-file phases: N×1024 zero-byte files created, stat'ed and deleted,
// sequentially then in random order.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, opendirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { permutation } from '../../methods/io';
import { nativeAio } from '../../../core/native-aio';
import type { TestContext } from '../../types';
import { timedBatches, timedLoop } from './timed-loop';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomChars = (random: () => number, max: number): string => {
  let out = '';
  const len = Math.floor(random() * (max + 1));
  for (let j = 0; j < len; j++) out += ALNUM[Math.floor(random() * ALNUM.length)];
  return out;
};

/**
 * bonnie++'s names (seen with strace): sequential phases use a 10-digit hex number then random
 * characters ("0000000001FGuTgU"), so names sort in creation order; random phases put the random
 * characters first ("rjCe1Ot5vE00000003fd"), so they do not.
 */
export function fileNames(n: number, order: 'seq' | 'random', random: () => number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const num = i.toString(16).padStart(10, '0');
    return order === 'seq' ? num + randomChars(random, 12) : randomChars(random, 12) + num;
  });
}

const shuffled = (a: string[], random: () => number) =>
  Array.from(permutation(a.length, random), (i) => a[i]!);

/**
 * bonnie++ calls sync(2) after each create and delete phase, outside the timed part. syncfs of the
 * test filesystem (sync -f) flushes the same files without waiting for every other disk's dirty
 * data: on a shared machine the global sync took seconds each, 12 times per quick run.
 */
function syncAll(dir: string): void {
  try {
    execFileSync('sync', ['-f', dir], { stdio: 'ignore', timeout: 60_000 });
  } catch {
    /* no sync binary: the next phase starts with some dirty data */
  }
}

/**
 * The directory's own order (ext4: name-hash order, unrelated to creation), as bonnie++'s readdir
 * loop sees it. Not readdirSync: libuv sorts that list by name, which for the sequential names is
 * creation order, and deleting in creation order ran 1.9× faster than bonnie++ on ext4.
 */
export function directoryOrder(dir: string): string[] {
  const d = opendirSync(dir, { bufferSize: 1024 });
  const names: string[] = [];
  try {
    for (let e = d.readSync(); e; e = d.readSync()) names.push(e.name);
  } finally {
    d.closeSync();
  }
  return names;
}

/** Names as NUL-padded fixed-width records in one Buffer, laid out before the clock starts. */
export function nameRecords(names: string[]): { buf: Buffer; width: number } {
  // A loop, not Math.max(...names): a spread of 200k arguments overflows the stack.
  const width = names.reduce((w, n) => Math.max(w, Buffer.byteLength(n)), 1) + 1;
  const buf = Buffer.alloc(names.length * width);
  names.forEach((n, i) => buf.write(n, i * width, 'utf8'));
  return { buf, width };
}

type FileOp = 'create' | 'stat' | 'unlink';
const NATIVE_OP: Record<FileOp, number> = { create: 0, stat: 1, unlink: 2 };
/** Operations per native call: ~5 ms of work, so cancel and progress still get through. */
const BATCH = 256;

const JS_STEP: Record<FileOp, (path: string) => void> = {
  create: (p) => closeSync(openSync(p, 'wx', 0o600)),
  stat: (p) => statSync(p),
  unlink: (p) => unlinkSync(p),
};

/** How the file phases call the filesystem here, for the run's method text. */
export function fileOpsMode(): string {
  return nativeAio().addon?.fileBatch
    ? 'file phases call openat/fstatat/unlinkat from C as bonnie++ does'
    : 'file phases call the filesystem from JS (native addon not built: ~40% Node overhead per create)';
}

/**
 * One timed phase over `names` in `dir`. From JS, Node's per-call work (path checks, flags, the
 * binding) was ~40% of a zero-byte create here and bonnie++ read 1.5× faster; the addon does the
 * same syscalls bonnie++ does, relative to an open directory as bonnie++ does after chdir.
 */
async function timedPhase(
  op: FileOp,
  dir: string,
  names: string[],
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
): Promise<number> {
  const native = nativeAio().addon;
  if (!native?.fileBatch) {
    const step = JS_STEP[op];
    return timedLoop(names.length, (i) => step(join(dir, names[i]!)), ctx, onProgress);
  }
  const { buf, width } = nameRecords(names);
  const dirFd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    return await timedBatches(
      names.length,
      BATCH,
      (from, to) => native.fileBatch!(NATIVE_OP[op], dirFd, buf, width, from, to),
      ctx,
      onProgress,
    );
  } finally {
    closeSync(dirFd);
  }
}

/**
 * One bonnie++ file pass: create in number order → sync → stat → delete → sync. Sequential stat
 * and delete walk the directory in readdir order; random ones pick names in random order.
 */
export async function fileOps(
  dir: string,
  order: 'seq' | 'random',
  n: number,
  random: () => number,
  ctx: Pick<TestContext, 'signal'>,
  prog: () => (f: number) => void,
): Promise<{ create: number; stat: number; delete: number }> {
  const names = fileNames(n, order, random);
  const create = await timedPhase('create', dir, names, ctx, prog());
  syncAll(dir);
  const statList = order === 'seq' ? directoryOrder(dir) : shuffled(names, random);
  const stat = await timedPhase('stat', dir, statList, ctx, prog());
  const delList = order === 'seq' ? directoryOrder(dir) : shuffled(names, random);
  const del = await timedPhase('unlink', dir, delList, ctx, prog());
  syncAll(dir);
  return { create, stat, delete: del };
}
