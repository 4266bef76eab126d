// Every security test records what each attack did, so the suite can close with one line:
// "N attacks, N held, 0 crashed, 0 files outside the target touched, C of C controls fired"
// (see tally-setup.ts).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AttackOutcome {
  /** The defence did what it should: refused, left alone, answered an error, kept the data. */
  held: boolean;
  /** The process under attack died (host, CLI, helper, engine). */
  crashed?: boolean;
  /** Files or folders outside the attack's target that changed or vanished. */
  outsideTouched?: number;
  /**
   * Issue 37's counts across its races: root's writes outside the work folder, root-owned entries
   * left outside it, runs of code from a path another account can write, and privileged
   * operations done for a process another account can attach to.
   */
  counts?: Partial<Record<CountName, number>>;
}

export const COUNT_NAMES = ['writes', 'rootOwned', 'foreignCode', 'attachablePrivileged'] as const;
export type CountName = (typeof COUNT_NAMES)[number];

/** Appends one attack's outcome; the global teardown adds them up. */
export function recordAttack(name: string, outcome: AttackOutcome): void {
  const dir = process.env.DW_SECURITY_TALLY;
  if (!dir) return;
  const line = JSON.stringify({
    name,
    held: outcome.held,
    crashed: outcome.crashed ?? false,
    outside: outcome.outsideTouched ?? 0,
    ...(outcome.counts ? { counts: outcome.counts } : {}),
  });
  appendFileSync(join(dir, `tally-${process.pid}.jsonl`), `${line}\n`);
}

/**
 * A control: the same attack against a plain reader or writer without the defence, which must
 * fire (a miss there means the attack tests nothing, so its "held" would not count).
 */
export function recordControl(section: string, name: string, fired: boolean): void {
  const dir = process.env.DW_SECURITY_TALLY;
  if (!dir) return;
  const line = JSON.stringify({ control: true, section, name, fired });
  appendFileSync(join(dir, `tally-${process.pid}.jsonl`), `${line}\n`);
}
