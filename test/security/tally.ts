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
}

/** Appends one attack's outcome; the global teardown adds them up. */
export function recordAttack(name: string, outcome: AttackOutcome): void {
  const dir = process.env.DW_SECURITY_TALLY;
  if (!dir) return;
  const line = JSON.stringify({
    name,
    held: outcome.held,
    crashed: outcome.crashed ?? false,
    outside: outcome.outsideTouched ?? 0,
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
