// Global setup for the security suite: builds the bundles, collects every recorded attack and
// prints the closing line the issue asks for.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import buildNode from '../setup/build-node';
import { COUNT_NAMES, type CountName } from './tally';

interface Row {
  name: string;
  held: boolean;
  crashed: boolean;
  outside: number;
  counts?: Partial<Record<CountName, number>>;
}

/** Issue 37's four counts summed over the attacks that report them, or null when none did. */
export function countsLine(rows: Row[]): string | null {
  const reporting = rows.filter((r) => r.counts);
  if (!reporting.length) return null;
  const sum = (k: CountName): number => reporting.reduce((n, r) => n + (r.counts?.[k] ?? 0), 0);
  const [w, o, c, p] = COUNT_NAMES.map(sum);
  return `over ${reporting.length} races: ${w} writes outside the work folder, ${o} root-owned files outside it, ${c} runs of code from a path another account can write, ${p} privileged operations for a process another account can attach to`;
}

export function summarise(rows: Row[]): string {
  const held = rows.filter((r) => r.held && !r.crashed && r.outside === 0).length;
  const crashed = rows.filter((r) => r.crashed).length;
  const outside = rows.reduce((n, r) => n + r.outside, 0);
  return `${rows.length} attacks, ${held} held, ${crashed} crashed, ${outside} files outside the target touched`;
}

export default async function setup(): Promise<() => void> {
  await buildNode();
  const dir = mkdtempSync(join(tmpdir(), 'dw-sec-tally-'));
  process.env.DW_SECURITY_TALLY = dir;
  return () => {
    const rows: Row[] = [];
    for (const f of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (line) rows.push(JSON.parse(line) as Row);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    const failed = rows.filter((r) => !r.held || r.crashed || r.outside > 0);
    for (const r of failed) console.log(`security: did not hold: ${r.name}`);
    const counts = countsLine(rows);
    if (counts) console.log(counts);
    console.log(summarise(rows));
  };
}
