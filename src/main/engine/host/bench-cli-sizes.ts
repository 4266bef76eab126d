// `drivewise bench --size`: the size flags read into the plan's sizes, too small refused.
import { parseSize } from '../../../shared/bench/catalogue';
import { fmtBytes } from '../../../shared/format';
import { UserError } from '../../core/errors';
import { SIZE_KEYS } from './bench-cli-command';
import { SIZE_DEFS } from '../worker/registry';

/** --size 512M sets every byte size; --size dd=1G,iozone=64M sets some; counts/seconds are plain numbers. */
export function parseSizes(text: string | undefined): Record<string, number> | undefined {
  if (!text) return undefined;
  try {
    return parseSizeList(text);
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`--size: ${(err as Error).message}`);
  }
}

function parseSizeList(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      const b = measurableSize('', part);
      for (const [k, d] of SIZE_DEFS) if (d.allFiles) out[k] = b;
      continue;
    }
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    const known = SIZE_KEYS.includes(key);
    if (!known && !key.startsWith('task.'))
      throw new UserError(`unknown size key "${key}" (known: ${SIZE_KEYS.join(', ')})`);
    // Counts and seconds are plain numbers; MiB sizes take a unit (512M, 1G) or count in MiB.
    const unit = SIZE_DEFS.get(key)?.unit;
    const plain = unit ? unit !== 'MiB' : key.endsWith('Seconds');
    // A task's own key without a declared unit (task.workloadFiles=1000) keeps its plain reading.
    if (SIZE_DEFS.get(key)?.zero && /^0+(\.0*)?[a-z]?$/i.test(value)) {
      out[key] = 0;
      continue;
    }
    const n = plain
      ? Number(value)
      : unit === 'MiB'
        ? measurableSize(key, value)
        : parseSize(value);
    if (!(n > 0)) throw new UserError(`--size ${key}: "${value}" is not a positive number`);
    out[key] = n;
  }
  return out;
}

const MiB = 1024 * 1024;
/** Below this a file measures the page cache and the call overhead, not the drive. */
const SMALLEST_FILE = MiB;

/** A MiB-sized value: a bare number is MiB (as the help says), and too small is refused. */
function measurableSize(key: string, value: string): number {
  const bytes = parseSize(value, MiB);
  const least = SIZE_DEFS.get(key)?.smallest ?? SMALLEST_FILE;
  if (bytes < least)
    throw new UserError(
      `--size ${key ? `${key}=` : ''}${value}: ${fmtBytes(bytes)} is too small to measure (at least ${least === MiB ? '1 MiB' : fmtBytes(least)})`,
    );
  return bytes;
}
