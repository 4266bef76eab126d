// Run documents on disk: one JSON file per run, written atomically, validated on load.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runDocument, type RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';

export interface RunSummary {
  id: string;
  label: RunDocument['label'];
  name?: string;
  createdAt: string;
  drive: string | null;
  targetDir: string | null;
  tests: number;
}

export const summarize = (d: RunDocument): RunSummary => ({
  id: d.id,
  label: d.label,
  ...(d.name ? { name: d.name } : {}),
  createdAt: d.createdAt,
  drive: d.drive ? [d.drive.model, d.drive.path].filter(Boolean).join(' ') : null,
  targetDir: d.targetDir,
  tests: d.tests.length,
});

/** Write-then-rename with fsync of file and directory: a crash leaves the old file or the new one. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const dir = join(path, '..');
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fh = await open(tmp, 'wx', 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (err) {
    await fh.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await fh.close();
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const d = await open(dir, 'r');
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

export class RunStore {
  readonly runsDir: string;

  constructor(readonly configDir: string) {
    this.runsDir = join(configDir, 'runs');
  }

  fileOf(id: string): string {
    if (!/^[A-Za-z0-9._-]{1,80}$/.test(id) || id.startsWith('.'))
      throw new UserError(`invalid run id: ${id}`);
    return join(this.runsDir, `${id}.json`);
  }

  async save(doc: RunDocument): Promise<string> {
    const valid = runDocument.parse(doc);
    await mkdir(this.runsDir, { recursive: true, mode: 0o700 });
    const file = this.fileOf(valid.id);
    await writeFileAtomic(file, JSON.stringify(valid, null, 2) + '\n');
    return file;
  }

  async load(id: string): Promise<RunDocument> {
    const file = this.fileOf(id);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new UserError(`no run with id ${id}`);
    }
    const parsed = runDocument.safeParse(safeJson(text));
    if (!parsed.success) throw new UserError(`${file} is not a valid Drivewise run file`);
    return parsed.data;
  }

  async list(): Promise<RunSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.runsDir);
    } catch {
      return [];
    }
    const out: RunSummary[] = [];
    for (const n of names.filter((x) => x.endsWith('.json'))) {
      try {
        out.push(summarize(await this.load(n.slice(0, -5))));
      } catch {
        /* damaged files are reported by the store's own check; the rest of the history loads */
      }
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async remove(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}
