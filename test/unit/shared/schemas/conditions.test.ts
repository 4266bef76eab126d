// Run files from before per-test conditions still load, and say so by having none.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunText } from '../../../../src/main/store/run-store';

const dir = join(__dirname, '../../../fixtures/runs/measured');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('measured run files without conditions', () => {
  it.each(files)('%s parses, every test without conditions', (f) => {
    const parsed = parseRunText(readFileSync(join(dir, f), 'utf8'));
    if (!parsed.ok) throw new Error(`${f} ${parsed.why}`);
    expect(parsed.doc.tests.length).toBeGreaterThan(0);
    for (const t of parsed.doc.tests) expect(t.conditions).toBeUndefined();
  });
});
