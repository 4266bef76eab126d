// One comparison rule on every surface: an A/A pair (the quick profile twice on one HDD-like
// loop device, 150 IOPS + 120 MB/s) and an A/B pair (the quick profile on that HDD-like device,
// then on an unthrottled one), runs measured here by test/integration/privileged (quick-aa and
// time-budget) and kept in test/fixtures/runs/measured, rendered on the verdict screen, History →
// Compare, the PDF report (its page, then pdftotext), the CLI verdict and the CLI compare. Every
// figure must carry the same outcome word on all of them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { outcomeWord } from '../../src/shared/format';
import { runDocument, type RunDocument } from '../../src/shared/schemas/run';
import { computeVerdict } from '../../src/shared/verdict';
import { openApp, RESULTS_DIR, type E2E } from './harness';

const MEASURED = resolve('test/fixtures/runs/measured');
function measured(file: string, name: string): RunDocument {
  const doc = runDocument.parse(JSON.parse(readFileSync(join(MEASURED, file), 'utf8')));
  return { ...doc, name };
}

let app: E2E;
const out = mkdtempSync(join(tmpdir(), 'dw-one-rule-'));
const before = measured('hdd-like.json', 'Old disk');
const after = measured('fast.json', 'New SSD');
const once = measured('hdd-like-aa-1.json', 'Old disk, first');
const twice = measured('hdd-like-aa-2.json', 'Old disk, again');

beforeAll(async () => {
  app = await openApp();
  for (const r of [before, after, once, twice]) await app.services.runs.save(r);
});
afterAll(async () => {
  await app.close();
  rmSync(out, { recursive: true, force: true });
});

/** Figure keys without the parameters that differ between machines (compare drops them). */
const norm = (k: string) =>
  k
    .replace(/(device|job)=[^,\]]*,?/g, '')
    .replace(/,\]/, ']')
    .replace(/\[\]$/, '');

type Words = Map<string, string>;
async function rowWords(sel: string): Promise<Words> {
  const rows = await app.page.$$eval(sel, (trs) =>
    trs.map((tr) => [
      tr.getAttribute('data-key') ?? '',
      tr.querySelector('[data-outcome]')?.getAttribute('data-outcome') ?? '',
      (tr as unknown as { innerText: string }).innerText,
    ]),
  );
  const m: Words = new Map();
  for (const [k, w, text] of rows) {
    if (!k || !w) continue;
    expect(text, `${k}: every value shown`).not.toMatch(/undefined|NaN/);
    const seen = m.get(norm(k));
    expect(seen ?? w, `${k} has one word on this surface`).toBe(w);
    m.set(norm(k), w);
  }
  return m;
}

async function cli(args: string[]): Promise<string> {
  let text = '';
  const code = await runCli(
    args,
    { out: (x) => (text += x), err: (x) => (text += x) },
    app.services,
  );
  expect(code, text).toBe(0);
  return text;
}

async function surfaces(
  b: RunDocument,
  a: RunDocument,
  name: string,
): Promise<Record<string, Words>> {
  const { page } = app;
  await page.goto(`${app.host.url}#verdict?before=${b.id}&after=${a.id}`);
  await page.reload();
  await page.getByTestId('verdict-metrics').waitFor();
  await app.shot(`one-rule-${name}-verdict`);
  const screen = await rowWords('[data-testid=verdict-metrics] tbody tr');

  await page.getByRole('button', { name: 'History & import' }).click();
  for (const r of [b, a]) await page.getByLabel(`Select ${r.name}`, { exact: true }).check();
  await page.getByRole('button', { name: 'Compare the two selected' }).click();
  await page.locator('.dw-compare tbody tr').first().waitFor();
  await app.shot(`one-rule-${name}-history-compare`);
  const history = await rowWords('.dw-compare tbody tr');
  for (const r of [b, a]) await page.getByLabel(`Select ${r.name}`, { exact: true }).uncheck();

  const pdf = join(out, `${name}.pdf`);
  const html = join(out, `${name}.html`);
  await cli(['report', b.id, a.id, '--pdf', pdf, '--html', html, '--force']);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(RESULTS_DIR, `one-rule-${name}-pdf`)]);
  await page.goto(pathToFileURL(html).href);
  const report = await rowWords('tr[data-key]');

  const json = JSON.parse(await cli(['compare', b.id, a.id, '--json'])) as {
    pairs: {
      testId: string;
      metric: string;
      params?: Record<string, unknown>;
      outcome: string;
      excluded: 'memory-speed' | 'cache-suspected' | null;
    }[];
  };
  const compareText = await cli(['compare', b.id, a.id]);
  const compare: Words = new Map();
  for (const p of json.pairs) {
    const params = Object.entries(p.params ?? {})
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',');
    compare.set(
      norm(params ? `${p.testId}:${p.metric}[${params}]` : `${p.testId}:${p.metric}`),
      outcomeWord(p.outcome, p.excluded),
    );
  }
  const v = computeVerdict(b, a);
  const verdictText = await cli(['verdict', b.id, a.id]);
  const cliVerdict: Words = new Map();
  for (const c of v.comparisons) {
    const line = verdictText.split('\n').find((l) => l.startsWith(`  ${c.testTitle}, ${c.label}:`));
    const w = outcomeWord(c.outcome, c.excluded);
    expect(line, `${c.key} in the CLI verdict`).toBeDefined();
    if (line!.includes(w)) cliVerdict.set(norm(c.key), w);
    else cliVerdict.set(norm(c.key), line!);
  }
  // The compare table prints the same words, row for row.
  for (const w of compare.values()) expect(compareText).toContain(w);
  return {
    screen,
    history,
    report,
    compare,
    cliVerdict,
    _pdfText: new Map([
      ['text', execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })],
    ]),
  };
}

function sameWords(all: Record<string, Words>, expected: Words): void {
  for (const [surface, words] of Object.entries(all)) {
    if (surface.startsWith('_')) continue;
    let n = 0;
    for (const [k, w] of expected) {
      const got = words.get(k);
      if (got === undefined) continue;
      n++;
      expect(`${surface} ${k}: ${got}`).toBe(`${surface} ${k}: ${w}`);
    }
    expect(n, `${surface} shows the figures`).toBeGreaterThan(5);
  }
}

describe('one comparison rule on every surface', () => {
  it('A/A: the same word everywhere, never faster or slower', async () => {
    const v = computeVerdict(once, twice);
    expect(v.noise.noMeasurableDifference, v.text.noise).toBe(true);
    const expected: Words = new Map(
      v.comparisons.map((c) => [norm(c.key), outcomeWord(c.outcome, c.excluded)]),
    );
    const all = await surfaces(once, twice, 'aa');
    sameWords(all, expected);
    for (const [surface, words] of Object.entries(all))
      if (!surface.startsWith('_'))
        for (const [k, w] of words) expect(`${surface} ${k} ${w}`).not.toMatch(/ (faster|slower)$/);
    expect(all._pdfText!.get('text')).not.toMatch(/\d× (faster|slower)/);
  });

  it('A/B: throttled figures faster, memory speed not compared, the same word everywhere', async () => {
    const v = computeVerdict(before, after);
    const expected: Words = new Map(
      v.comparisons.map((c) => [norm(c.key), outcomeWord(c.outcome, c.excluded)]),
    );
    expect(
      expected.get('hdparm.cached:cached_read') ??
        [...expected].find(([k]) => k.includes('cached_read'))?.[1],
    ).toBe('not compared (memory speed)');
    // A figure the page cache answered on the small fast device is shown, never compared.
    const seeks = [...expected].filter(
      ([k, w]) =>
        (k.startsWith('seeker:') || k.includes('buffered_read')) && !/^not compared/.test(w),
    );
    expect(seeks.length).toBeGreaterThan(0);
    for (const [k, w] of seeks) expect(`${k} ${w}`).toBe(`${k} faster`);
    const all = await surfaces(before, after, 'ab');
    sameWords(all, expected);
    expect(all._pdfText!.get('text')).not.toMatch(/\d× slower/);
  });
});
