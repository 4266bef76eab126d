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

interface Control {
  control: true;
  section: string;
  name: string;
  fired: boolean;
}

/** One line per section with controls: how many fired against the plain reader or writer. */
function controlLines(controls: Control[]): string[] {
  const sections = [...new Set(controls.map((c) => c.section))].sort();
  return sections.map((s) => {
    const mine = controls.filter((c) => c.section === s);
    return `${s}: controls fired ${mine.filter((c) => c.fired).length} of ${mine.length}`;
  });
}

export function summarise(rows: Row[], controls: Control[] = []): string {
  const held = rows.filter((r) => r.held && !r.crashed && r.outside === 0).length;
  const crashed = rows.filter((r) => r.crashed).length;
  const outside = rows.reduce((n, r) => n + r.outside, 0);
  const fired = controls.filter((c) => c.fired).length;
  return `${rows.length} attacks, ${held} held, ${crashed} crashed, ${outside} files outside the target touched, ${fired} of ${controls.length} controls fired`;
}

export default async function setup(): Promise<() => void> {
  await buildNode();
  const dir = mkdtempSync(join(tmpdir(), 'dw-sec-tally-'));
  process.env.DW_SECURITY_TALLY = dir;
  return () => {
    const rows: Row[] = [];
    const controls: Control[] = [];
    for (const f of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (!line) continue;
        const row = JSON.parse(line) as Row | Control;
        if ('control' in row) controls.push(row);
        else rows.push(row);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    const failed = rows.filter((r) => !r.held || r.crashed || r.outside > 0);
    for (const r of failed) console.log(`security: did not hold: ${r.name}`);
    for (const c of controls.filter((x) => !x.fired))
      console.log(`security: control did not fire (its attack proves nothing): ${c.name}`);
    for (const l of controlLines(controls)) console.log(l);
    console.log(summarise(rows, controls));
  };
}
