// The fleet tests' material: the two real quick runs (test/fixtures/fleet), folders of run files
// removed after each test, and a request with the CLI's defaults.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';

const fixture = (n: string): RunDocument =>
  runDocument.parse(JSON.parse(readFileSync(join('test/fixtures/fleet', n), 'utf8')));
/** A quick run on an HDD-like throttled loop device, and one on this machine's virtual disk. */
export const HDD = fixture('quick-hdd-like.json');
export const FAST = fixture('quick-fast.json');

/** Makes folders of run files (a string is written as it is), removed after each test. */
export function folders(): (files: Record<string, string | RunDocument>) => string {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (files) => {
    const d = mkdtempSync(join(tmpdir(), 'dw-fleet-'));
    dirs.push(d);
    for (const [n, v] of Object.entries(files))
      writeFileSync(join(d, n), typeof v === 'string' ? v : JSON.stringify(v));
    return d;
  };
}

export const req = (dir: string, afterDir?: string, minHoursPerYear = 1) => ({
  dir,
  afterDir,
  target: { preset: 'sata-ssd' as const },
  pricePerGB: 0.06,
  currency: '€',
  minHoursPerYear,
});
