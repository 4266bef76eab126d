// The wizard's progress as one JSON file in the config folder, next to runs/: written like a run
// (temp file, fsync, rename), read through the hardened reader, and a damaged file is reported
// in one line and left for the next save to replace, never a crash at start-up.
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { wizardProgress, type WizardProgress } from '../../shared/contract/wizard';
import { errnoText } from '../core/safe-write';
import { writeFileAtomic } from './run-store';
import { readRegularFile, UnsafeFileError } from './safe-read';

const FILE = 'wizard-progress.json';
const MAX_BYTES = 64 * 1024;

export const progressFile = (configDir: string): string => join(configDir, FILE);

export async function readProgress(
  configDir: string,
): Promise<{ progress: WizardProgress | null; problem: string | null }> {
  let text: string;
  try {
    text = (await readRegularFile(progressFile(configDir), MAX_BYTES)).toString('utf8');
  } catch (err) {
    if (err instanceof UnsafeFileError && err.kind === 'missing')
      return { progress: null, problem: null };
    return { progress: null, problem: err instanceof Error ? err.message : String(err) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      progress: null,
      problem: `${FILE} is damaged (not valid JSON); the wizard starts over`,
    };
  }
  const parsed = wizardProgress.safeParse(json);
  if (parsed.success) return { progress: parsed.data, problem: null };
  return { progress: null, problem: `${FILE} is from another version; the wizard starts over` };
}

export async function writeProgress(
  configDir: string,
  progress: WizardProgress | null,
): Promise<void> {
  const file = progressFile(configDir);
  if (!progress) {
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw new Error(`${file} cannot be removed: ${errnoText(err)}`);
    });
    return;
  }
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, JSON.stringify(wizardProgress.parse(progress), null, 2) + '\n');
}
