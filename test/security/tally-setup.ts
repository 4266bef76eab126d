// Global setup for the security suite: builds the bundles, collects every recorded attack and
// prints the closing line the issue asks for.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import buildNode from '../setup/build-node';

interface Row {
  name: string;
  held: boolean;
  crashed: boolean;
  outside: number;
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
    console.log(summarise(rows));
  };
}
