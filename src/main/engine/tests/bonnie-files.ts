// bonnie++'s small-file phases: N×1024 zero-byte files created, stat'ed and deleted,
// sequentially then in random order.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { permutation } from '../io';
import type { TestContext } from '../types';
import { timedLoop } from './timed-loop';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomChars = (random: () => number, max: number): string => {
  let out = '';
  const len = Math.floor(random() * (max + 1));
  for (let j = 0; j < len; j++) out += ALNUM[Math.floor(random() * ALNUM.length)];
  return out;
};

/**
 * bonnie++'s names (seen with strace): sequential phases use a 10-digit hex number then random
 * characters ("0000000001FGuTgU"), so directory order follows creation; random phases put the
 * random characters first ("rjCe1Ot5vE00000003fd"), scattering the files over the directory.
 */
export function fileNames(n: number, order: 'seq' | 'random', random: () => number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const num = i.toString(16).padStart(10, '0');
    return order === 'seq' ? num + randomChars(random, 12) : randomChars(random, 12) + num;
  });
}

const shuffled = (a: string[], random: () => number) =>
  Array.from(permutation(a.length, random), (i) => a[i]!);

/** bonnie++ calls sync(2) after each create and delete phase, outside the timed part. */
function syncAll(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 60_000 });
  } catch {
    /* no sync binary: the next phase starts with some dirty data */
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
  const create = await timedLoop(
    n,
    (i) => closeSync(openSync(join(dir, names[i]!), 'wx', 0o600)),
    ctx,
    prog(),
  );
  syncAll();
  const statList = order === 'seq' ? readdirSync(dir) : shuffled(names, random);
  const stat = await timedLoop(n, (i) => statSync(join(dir, statList[i]!)), ctx, prog());
  const delList = order === 'seq' ? readdirSync(dir) : shuffled(names, random);
  const del = await timedLoop(n, (i) => unlinkSync(join(dir, delList[i]!)), ctx, prog());
  syncAll();
  return { create, stat, delete: del };
}
