// Run documents on disk: one JSON file per run, written atomically, validated on load. A damaged
// or foreign file is moved to quarantine/ (never overwritten) with a one-line message naming it,
// and the rest of the history still loads.
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { runDocument, type RunDocument } from '../../shared/schemas/run';
import { isStoredRunId } from '../../shared/schemas/run-id';
import { findReference } from '../../shared/reference';
import { summarize, type RunSummary } from '../../shared/contract/runs';
import { UserError } from '../core/errors';
import { processAlive } from '../core/process-alive';
import { errnoText, tempSuffix, tempWriterPid, writeFileSafe } from '../core/safe-write';
import { readRegularFile, UnsafeFileError } from './safe-read';

export { summarize, type RunSummary };

/**
 * Write-then-rename with fsync of file and directory: a crash leaves the old file or the new one.
 * Replaces a regular file; a link, device, FIFO or socket at the path is refused (core/safe-write).
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  await writeFileSafe(path, data, { overwrite: true });
}

/** Temp files of a write interrupted this long ago are leftovers of a crash. */
const STALE_TMP_MS = 10 * 60 * 1000;

export type ParsedRunFile = { ok: true; doc: RunDocument } | { ok: false; why: string };

/**
 * The run schema compiled once, on first use (zod's z.compile): the same schema checked about three
 * times faster, which a fleet of thousands of files needs. A file it rejects is parsed again by the
 * runtime parser, so the reasons are the same words.
 */
let compiledRun: typeof runDocument | undefined;
export const compiledRunDocument = (): typeof runDocument =>
  (compiledRun ??= z.compile(runDocument));

/** Validates a run file's text; `why` says in a few words what is wrong with it. */
export function parseRunText(text: string): ParsedRunFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, why: text.trim() === '' ? 'is empty' : 'is damaged (not valid JSON)' };
  }
  const o = json as { schema?: unknown; version?: unknown } | null;
  if (!o || typeof o !== 'object' || o.schema !== 'drivewise.run')
    return { ok: false, why: 'is not a Drivewise run file' };
  const parsed = compiledRunDocument().safeParse(json);
  if (parsed.success) return { ok: true, doc: parsed.data };
  if (o.version !== 1) return { ok: false, why: `has unsupported version ${String(o.version)}` };
  const i = parsed.error.issues[0];
  return {
    ok: false,
    why: `is damaged (${i ? `${i.path.join('.') || 'document'}: ${i.message}` : 'invalid'})`,
  };
}

/** A run file anywhere (import, `verdict before.json ...`), read through the hardened reader. */
export async function readRunFile(path: string): Promise<RunDocument> {
  const text = (await readRegularFile(path)).toString('utf8');
  const r = parseRunText(text);
  if (!r.ok) throw new UserError(`${path} ${r.why}`);
  return r.doc;
}

/**
 * mkdir -p with the real reason on failure: Node's recursive mkdir says ENOENT when a missing
 * parent cannot be made (read-only filesystem, no permission), so the levels are retried one by
 * one to surface EROFS/EACCES.
 */
async function makeDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const missing: string[] = [];
    for (let d = dir; d !== dirname(d); d = dirname(d)) {
      if (
        await lstat(d).then(
          () => true,
          () => false,
        )
      )
        break;
      missing.unshift(d);
    }
    for (const m of missing) await mkdir(m, { mode: 0o700 });
    throw err;
  }
}

export class RunStore {
  readonly runsDir: string;
  readonly quarantineDir: string;

  constructor(readonly configDir: string) {
    this.runsDir = join(configDir, 'runs');
    this.quarantineDir = join(this.runsDir, 'quarantine');
  }

  fileOf(id: string): string {
    if (!isStoredRunId(id)) throw new UserError(`invalid run id: ${id}`);
    return join(this.runsDir, `${id}.json`);
  }

  async save(doc: RunDocument): Promise<string> {
    const valid = runDocument.parse(doc);
    if (valid.label === 'reference') throw new UserError('reference runs are built in, not saved');
    await makeDir(this.runsDir);
    const file = this.fileOf(valid.id);
    await writeFileAtomic(file, JSON.stringify(valid, null, 2) + '\n');
    return file;
  }

  async exists(id: string): Promise<boolean> {
    return lstat(this.fileOf(id)).then(
      () => true,
      () => false,
    );
  }

  /** Loads a stored run, or a built-in reference run by its id. */
  async load(id: string): Promise<RunDocument> {
    const file = this.fileOf(id);
    let text: string;
    try {
      text = (await readRegularFile(file)).toString('utf8');
    } catch (err) {
      if (!(err instanceof UnsafeFileError)) throw err;
      if (err.kind === 'missing') {
        const ref = findReference(id);
        if (ref) return ref;
        throw new UserError(`no run with id ${id}`);
      }
      // A FIFO, a link, a device or a huge file where a run should be: moved aside, never read.
      if (err.kind !== 'unreadable') throw new UserError(await this.quarantine(file, err.why));
      throw new UserError(`runs/${basename(file)} ${err.why}`);
    }
    const r = parseRunText(text);
    if (r.ok && r.doc.id === id) return r.doc;
    throw new UserError(await this.quarantine(file, r.ok ? 'names a different run id' : r.why));
  }

  /**
   * Before a benchmark: can a run be saved here at all? Creates the folder and writes, syncs and
   * removes a probe file, so a read-only or full store is one line before the work, not after it.
   */
  async checkWritable(probeBytes = 64 * 1024): Promise<void> {
    const probe = join(this.runsDir, `.probe.${tempSuffix()}`);
    try {
      await makeDir(this.runsDir);
      await this.sweepTemps();
      await writeFileSafe(probe, Buffer.alloc(probeBytes, 0x20));
    } catch (err) {
      throw new UserError(
        `the run history in ${this.runsDir} cannot be written: ${errnoText(err)}`,
      );
    } finally {
      await unlink(probe).catch(() => undefined);
    }
  }

  /** Every stored run that loads, plus one line per file that did not (now in quarantine/). */
  async scan(): Promise<{ runs: RunSummary[]; problems: string[] }> {
    let names: string[];
    try {
      names = await readdir(this.runsDir);
    } catch {
      return { runs: [], problems: [] };
    }
    const runs: RunSummary[] = [];
    const problems: string[] = [];
    for (const n of names.sort()) {
      const file = join(this.runsDir, n);
      if (n.endsWith('.tmp')) {
        await this.sweepTemp(n);
        continue;
      }
      if (!n.endsWith('.json')) continue;
      if (!isStoredRunId(n.slice(0, -5))) {
        problems.push(await this.quarantine(file, 'is not named like a run file'));
        continue;
      }
      try {
        runs.push(summarize(await this.load(n.slice(0, -5))));
      } catch (err) {
        problems.push(err instanceof Error ? err.message : String(err));
      }
    }
    runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { runs, problems };
  }

  async list(): Promise<RunSummary[]> {
    return (await this.scan()).runs;
  }

  async remove(id: string): Promise<boolean> {
    if (findReference(id) && !(await this.exists(id)))
      throw new UserError(`${id} is a built-in reference run and cannot be deleted`);
    const existed = await this.exists(id);
    if (existed) await unlink(this.fileOf(id)).catch(() => undefined);
    return existed;
  }

  /** Moves a bad file aside under a name that never replaces an earlier quarantined file. */
  private async quarantine(file: string, why: string): Promise<string> {
    const base = basename(file);
    try {
      await mkdir(this.quarantineDir, { recursive: true, mode: 0o700 });
      // link() fails with EEXIST instead of replacing, so no earlier quarantined file is lost.
      for (let i = 0; ; i++) {
        const target = join(this.quarantineDir, i === 0 ? base : `${base}.${i}`);
        try {
          await link(file, target);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST' && i < 1000) continue;
          throw err;
        }
        await unlink(file);
        return `runs/${base} ${why}; moved to runs/quarantine/${basename(target)}`;
      }
    } catch {
      return `runs/${base} ${why}; it could not be moved to quarantine and was left in place`;
    }
  }

  /**
   * Removes the temp files of interrupted writes: at once when the writer (its pid is in the name)
   * is gone, otherwise once they are STALE_TMP_MS old. Every run does this before it starts.
   */
  async sweepTemps(now = Date.now()): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.runsDir);
    } catch {
      return;
    }
    for (const n of names) if (n.endsWith('.tmp')) await this.sweepTemp(n, now);
  }

  private async sweepTemp(name: string, now = Date.now()): Promise<void> {
    const file = join(this.runsDir, name);
    try {
      const st = await lstat(file);
      if (st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid()))
        return;
      const pid = tempWriterPid(name);
      const orphan = pid !== null && pid !== process.pid && !processAlive(pid);
      if (orphan || now - st.mtimeMs > STALE_TMP_MS) await unlink(file);
    } catch {
      /* already gone */
    }
  }
}

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

declare module '../core/services' {
  interface Services {
    /** The run history every handler reads and saves through. */
    runs: RunStore;
  }
}
