// The five surfaces of one pair of runs, read as a person reads them: the verdict screen, History
// → Compare, the PDF (its page, then pdftotext), the CLI's `verdict` and `compare`. Each comes
// back as its headline, its rows (figure or task key → the name, words and ratio printed on that
// row), the figures its charts draw and its whole text, for one-story.test.ts to hold together.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../../src/main/program';
import type { Comparison } from '../../src/shared/reference/compare';
import type { RunDocument } from '../../src/shared/schemas/run';
import { RESULTS_DIR, type E2E } from './harness';

export interface Row {
  /** The figure's or task's key, as the verdict keys it (device and job names dropped). */
  key: string;
  /** The name printed on the row: its label, and its tool tag in brackets where one is shown. */
  name: string;
  /** The label alone. */
  label: string;
  /** The row's whole text. */
  text: string;
  /** The outcome word the row carries (data-outcome), where the surface marks it. */
  outcome: string | null;
}

export interface Surface {
  headline: string | null;
  rows: Row[];
  /** Every figure drawn as a bar, by name; null where the surface has no charts. */
  bars: string[] | null;
  text: string;
}

/** Figure keys without the parameters that differ between machines (compare drops them). */
export const norm = (k: string): string =>
  k
    .replace(/(device|job)=[^,\]]*,?/g, '')
    .replace(/,\]/, ']')
    .replace(/\[\]$/, '');

async function cli(app: E2E, args: string[]): Promise<string> {
  let text = '';
  const io = { out: (x: string) => (text += x), err: (x: string) => (text += x) };
  const code = await runCli(args, io, app.services);
  expect(code, text).toBe(0);
  return text;
}

/** Rows of a DOM table: key, the row header's own text (before its tag) and its tag. */
async function domRows(app: E2E, sel: string, head: 'th' | 'td'): Promise<Row[]> {
  const rows = await app.page.$$eval(
    sel,
    (trs, h) =>
      trs.map((tr) => {
        const cell = tr.querySelector(h);
        const own = cell ? [...cell.childNodes].find((n) => n.nodeType === 3) : null;
        const tag = cell?.querySelector('.dw-tag, .rp-tag')?.textContent?.trim() ?? '';
        return {
          key: tr.getAttribute('data-key') ?? '',
          label: (own?.textContent ?? cell?.textContent ?? '').trim(),
          tag,
          text: (tr as unknown as { innerText: string }).innerText,
          outcome: tr.querySelector('[data-outcome]')?.getAttribute('data-outcome') ?? null,
        };
      }),
    head,
  );
  return rows
    .filter((r) => r.key)
    .map((r) => ({
      key: norm(r.key),
      label: r.label,
      name: r.tag ? `${r.label} (${r.tag})` : r.label,
      text: r.text,
      outcome: r.outcome,
    }));
}

/** The figures a page's charts draw, from each canvas's data-bars; null when none says. */
async function drawnBars(app: E2E): Promise<string[] | null> {
  const all = await app.page.$$eval('canvas', (cs) => cs.map((c) => c.getAttribute('data-bars')));
  if (!all.length || all.some((b) => b === null)) return null;
  return all.flatMap((b) => (b ? b.split(' | ') : []));
}

export async function verdictScreen(app: E2E, b: RunDocument, a: RunDocument, name: string) {
  const { page } = app;
  await page.goto(`${app.host.url}#verdict?before=${b.id}&after=${a.id}`);
  await page.reload();
  await page.getByTestId('verdict-metrics').waitFor();
  await app.shot(`one-story-${name}-verdict`);
  return {
    headline: (await page.getByTestId('verdict-headline').innerText()).trim(),
    rows: [
      ...(await domRows(app, '[data-testid=verdict-metrics] tbody tr', 'th')),
      ...(await domRows(app, '[data-testid=verdict-tasks] tbody tr', 'th')),
    ],
    bars: await drawnBars(app),
    text: await page.locator('main').innerText(),
  } satisfies Surface;
}

export async function historyCompare(app: E2E, b: RunDocument, a: RunDocument, name: string) {
  const { page } = app;
  await page.goto(app.host.url);
  await page.getByRole('button', { name: 'History & import' }).click();
  for (const r of [b, a]) await page.getByLabel(`Select ${r.name}`, { exact: true }).check();
  await page.getByRole('button', { name: 'Compare the two selected' }).click();
  await page.locator('.dw-compare tbody tr').first().waitFor();
  await app.shot(`one-story-${name}-history-compare`);
  const headline = page.getByTestId('compare-headline').locator('strong');
  const surface: Surface = {
    headline: (await headline.count()) ? (await headline.innerText()).trim() : null,
    rows: await domRows(app, '.dw-compare tbody tr', 'td'),
    bars: null,
    text: await page.locator('.dw-compare').innerText(),
  };
  for (const r of [b, a]) await page.getByLabel(`Select ${r.name}`, { exact: true }).uncheck();
  return surface;
}

/** The PDF as printed: its HTML twin's rows (same render) and pdftotext of the PDF itself. */
export async function pdfReport(
  app: E2E,
  b: RunDocument,
  a: RunDocument,
  dir: string,
  name: string,
) {
  const pdf = join(dir, `${name}.pdf`);
  const html = join(dir, `${name}.html`);
  await cli(app, ['report', b.id, a.id, '--pdf', pdf, '--html', html, '--force']);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(RESULTS_DIR, `one-story-${name}-pdf`)]);
  await app.page.goto(pathToFileURL(html).href);
  await app.page.getByTestId('report-headline').waitFor();
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  return {
    surface: {
      headline: (await app.page.getByTestId('report-headline').innerText()).trim(),
      rows: await domRows(app, 'tr[data-key]', 'th'),
      bars: await drawnBars(app),
      text,
    } satisfies Surface,
    firstPage: execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdf, '-'], {
      encoding: 'utf8',
    }),
  };
}

const pairKey = (p: Comparison['pairs'][number]) => {
  const params = Object.entries(p.params ?? {})
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  return norm(params ? `${p.testId}:${p.metric}[${params}]` : `${p.testId}:${p.metric}`);
};

/**
 * `drivewise compare`: its table's rows, a name that wraps continued on indented lines; keyed by
 * the --json answer's pairs in the same order (those with a figure, when the table leaves the
 * others out).
 */
export async function cliCompare(app: E2E, b: RunDocument, a: RunDocument): Promise<Surface> {
  const json = JSON.parse(await cli(app, ['compare', b.id, a.id, '--json'])) as Comparison;
  const text = await cli(app, ['compare', b.id, a.id]);
  const lines = text.split('\n');
  const rule = lines.findIndex((l) => /^-+ {2}/.test(l));
  const width = lines[rule]!.split('  ')[0]!.length;
  const rows: { name: string; text: string }[] = [];
  for (const l of lines.slice(rule + 1)) {
    if (!l.trim()) break;
    if (l.startsWith('  ') && rows.length) {
      const last = rows[rows.length - 1]!;
      last.name += ` ${l.slice(0, width).trim()}`;
      last.text += `\n${l}`;
    } else rows.push({ name: l.slice(0, width).trimEnd(), text: l });
  }
  const shown = json.pairs.filter((p) => p.a.median !== null || p.b.median !== null);
  const pairs = rows.length === shown.length ? shown : json.pairs;
  expect(rows.length, text).toBe(pairs.length);
  const headline = /^Verdict, A before and B after: (.*)$/m.exec(text.replace(/\n {2}/g, ' '));
  return {
    headline: headline?.[1]?.trim() ?? null,
    rows: rows.map((r, i) => ({
      key: pairKey(pairs[i]!),
      name: r.name,
      label: r.name,
      text: r.text,
      outcome: null,
    })),
    bars: null,
    text,
  };
}

/** `drivewise verdict`: its first line, and each figure's and task's line by the name it prints. */
export async function cliVerdict(
  app: E2E,
  b: RunDocument,
  a: RunDocument,
  names: Map<string, string>,
): Promise<Surface> {
  const text = await cli(app, ['verdict', b.id, a.id]);
  const lines = text.split('\n');
  const rows: Row[] = [];
  for (const [key, name] of names) {
    const line = lines.filter((l) => l.startsWith(`  ${name}: `));
    // The one name of that figure or task, printed once: else the row is missing (or two rows
    // share it) and the name check below says so.
    if (line.length === 1) rows.push({ key, name, label: name, text: line[0]!, outcome: null });
  }
  return { headline: lines[0]!.trim(), rows, bars: null, text };
}
