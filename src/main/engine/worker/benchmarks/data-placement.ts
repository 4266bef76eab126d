// Which part of the drive the person's files sit on: a sample of the files on the folder's
// filesystem, their extents from FIEMAP (`filefrag -e`), placed on the whole disk. "Not known"
// (with why) where the filesystem is not straight on the scanned disk or filefrag is missing.
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { devicesOf } from '../../../core/io-snapshot';
import { makeRandom } from '../../methods/io';
import { mountRoot } from '../../../tasks/mount-root';
import type { TestContext } from '../../types';
import { parseFilefrag, placementOf, type Placement } from './filefrag';

/** At most this many files' extents are read, from at most this many files seen. */
const SAMPLE_FILES = 2000;
const WALK_ENTRIES = 50_000;
const WALK_SECONDS = 3;
const BATCH = 200;

export interface DataPlacement {
  placement: (Placement & { files: number; root: string }) | null;
  note: string;
}

/** Regular files under `root` on its own filesystem, skipping `skip`: a uniform sample (reservoir). */
export function sampleFiles(root: string, skip: string, n = SAMPLE_FILES): string[] {
  const dev = lstatSync(root).dev;
  const random = makeRandom(0x5eed);
  const picked: string[] = [];
  const dirs = [root];
  const t0 = Date.now();
  let seen = 0;
  let entries = 0;
  for (let k = 0; k < dirs.length; k++) {
    if (entries >= WALK_ENTRIES || Date.now() - t0 > WALK_SECONDS * 1000) break;
    const dir = dirs[k]!;
    let list;
    try {
      list = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of list) {
      entries++;
      const path = join(dir, e.name);
      if (path === skip || e.name.includes('\n')) continue;
      if (e.isDirectory()) {
        if (lstatSync(path, { throwIfNoEntry: false })?.dev === dev) dirs.push(path);
      } else if (e.isFile()) {
        seen++;
        if (picked.length < n) picked.push(path);
        else {
          const j = Math.floor(random() * seen);
          if (j < n) picked[j] = path;
        }
      }
    }
  }
  return picked;
}

const FILEFRAG = ['/usr/sbin/filefrag', '/sbin/filefrag', '/usr/bin/filefrag'];

function filefrag(tool: string, files: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      tool,
      ['-e', '--', ...files],
      { timeout: 20_000, maxBuffer: 16 * 1024 * 1024, signal, env: { LC_ALL: 'C' } },
      // filefrag exits non-zero when one file of the batch failed: the others still count.
      (_err, stdout) => resolve(String(stdout ?? '')),
    );
  });
}

/** Where the folder's filesystem starts on `device`, or why that is not known. */
async function baseOn(targetDir: string, device: string): Promise<number | string> {
  const devs = await devicesOf(targetDir);
  const disk = devs.find((d) => d.role === 'disk');
  if (!disk || disk.name !== basename(device))
    return `the folder's filesystem is not directly on ${device} (a mapped, layered or other device)`;
  const part = devs.find((d) => d.role === 'partition');
  if (!part) return 0;
  const start = Number(readFileSync(join(dirname(part.statPath), 'start'), 'utf8').trim());
  return Number.isFinite(start) ? start * 512 : 'the partition offset could not be read';
}

/** Which third of the `deviceBytes` disk holds how much of a sample of the person's files. */
export async function dataPlacement(
  ctx: Pick<TestContext, 'targetDir' | 'workDir' | 'signal'>,
  device: string,
  deviceBytes: number,
): Promise<DataPlacement> {
  const notKnown = (why: string): DataPlacement => ({ placement: null, note: `not known: ${why}` });
  const tool = FILEFRAG.find((p) => existsSync(p));
  if (!tool) return notKnown('filefrag (e2fsprogs) is not installed');
  const base = await baseOn(ctx.targetDir, device);
  if (typeof base === 'string') return notKnown(base);
  const root = mountRoot(ctx.targetDir);
  const files = sampleFiles(root, ctx.workDir);
  let text = '';
  for (let i = 0; i < files.length; i += BATCH)
    text += await filefrag(tool, files.slice(i, i + BATCH), ctx.signal);
  ctx.signal.throwIfAborted();
  const placement = placementOf(parseFilefrag(text), base, deviceBytes);
  if (placement.bytes === 0) return notKnown(`no extents could be read for the files in ${root}`);
  return {
    placement: { ...placement, files: files.length, root },
    note: `${files.length} files sampled from ${root}, placed by the filesystem's extent map (FIEMAP, filefrag)`,
  };
}
