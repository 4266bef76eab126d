// One definition per named concept (issue 28): each is found by name, or by the shape of its body,
// in exactly one file under src. A second copy (the drift that printed '?' in one place and '—'
// in another, "No verdict" on screen and "Undecided" in the PDF) fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}
const files = sources(SRC).map((p) => ({ path: relative(SRC, p), text: readFileSync(p, 'utf8') }));

/** Files under src whose text matches `re` (a definition, never an import or a re-export). */
const where = (re: RegExp): string[] => files.filter((f) => re.test(f.text)).map((f) => f.path);

const CONCEPTS: [string, string, RegExp][] = [
  // A byte formatter walks a binary unit list.
  ['byte formatting', 'shared/format/bytes.ts', /\[\s*'B',\s*'KiB',\s*'MiB'/],
  [
    'three significant digits',
    'shared/format/number.ts',
    /toPrecision\(3\)|maximumSignificantDigits:\s*3/,
  ],
  ['KIND_LABEL', 'shared/format/drive.ts', /(const|let|var)\s+KIND_LABEL\b/],
  ['LEVEL_WORDS', 'shared/format/words.ts', /(const|let|var)\s+LEVEL_WORDS\b/],
  // A throughput unit table has MiB/s as a key with its factor.
  ['throughput unit table', 'shared/units.ts', /'MiB\/s':\s*[\d(]/],
  ['RunSummary', 'shared/contract/runs.ts', /(interface|type)\s+RunSummary\w*\s*[={]/],
  ['ResolveResult', 'shared/contract/drives.ts', /(interface|type)\s+ResolveResult\w*\s*[={]/],
  ['the unit a figure is shown in', 'shared/format/figure.ts', /function\s+shownUnit\b/],
  ['the bad-folder rule', 'shared/bench/plan.ts', /function\s+folderFit\b/],
];

describe('one definition per named concept in src', () => {
  it.each(CONCEPTS)('%s is defined once, in %s', (_name, home, re) => {
    expect(where(re)).toEqual([home]);
  });

  it('finds a copy when there is one (the search itself works)', () => {
    expect(where(/export function fmtBytes\b/)).toEqual(['shared/format/bytes.ts']);
    expect(where(/import\s+\{[^}]*\bKIND_LABEL\b/).length).toBeGreaterThan(0);
  });
});
