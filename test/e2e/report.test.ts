// The report end to end: two runs made by the real engine on two temp dirs (tiny sizes), printed
// by the real CLI through headless Chromium; checked with poppler's pdftotext/pdfimages/pdftoppm.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import { CHROMIUM_ARGS, findChromium } from '../../src/main/report/chromium';
import { createDispatch, createHandlers } from '../../src/main/router';
import { fmtNum, shownUnit } from '../../src/shared/format';
import { runDocument, type RunDocument } from '../../src/shared/schemas/run';
import { testLabel } from '../../src/shared/labels';
import { findJargon } from '../../src/shared/jargon';
import { computeVerdict } from '../../src/shared/verdict';

const RESULTS = resolve('test-results');
const SIZES =
  'file=64M,dd=8M,bonnie=2M,bonnieChar=16K,bonnieFiles=1,iozone=1M,seekerSeconds=0.3,qdSeconds=0.2';

let base = '';
let services: Services;
let before: RunDocument;
let after: RunDocument;

async function cli(args: string[], env?: NodeJS.ProcessEnv) {
  let out = '';
  let err = '';
  const s = env ? { ...services, env } : services;
  const code = await runCli(args, { out: (x) => (out += x), err: (x) => (err += x) }, s);
  return { code, out, err };
}

async function bench(dir: string, label: 'before' | 'after', name: string): Promise<RunDocument> {
  const json = join(base, `${label}.json`);
  const r = await cli(
    ['bench', '--dir', dir, '--profile', 'custom', '--size', SIZES, '--repetitions', '1'].concat([
      '--label',
      label,
      '--name',
      name,
      '--json',
      json,
    ]),
  );
  expect(r.err.split('\n').filter((l) => l.startsWith('drivewise:'))).toEqual([]);
  expect(r.code).toBe(0);
  return runDocument.parse(JSON.parse(readFileSync(json, 'utf8')));
}

/** The text of each page, as pdftotext separates them (form feeds). */
function pageTexts(file: string): string[] {
  const t = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return t.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim());
}

/** Each page's last line of text above the footer, and how far down the page it sits (0–1). */
function lastLines(file: string): { page: number; text: string; y: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((chunk, i) => {
      const height = Number(/height="([\d.]+)"/.exec(chunk)![1]);
      const words = [...chunk.matchAll(/<word [^>]*yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)]
        .map((m) => ({ y: Number(m[1]), w: m[2]! }))
        .filter((x) => x.y < height * 0.93); // the footer
      const lastY = Math.max(0, ...words.map((x) => x.y));
      const text = words
        .filter((x) => Math.abs(x.y - lastY) < 2)
        .map((x) => x.w)
        .join(' ');
      return { page: i + 1, text, y: lastY / height };
    });
}

/** Binary PPM (P6) as pdfimages writes it: width, height and RGB bytes. */
function readPpm(file: string): { w: number; h: number; rgb: Buffer } {
  const buf = readFileSync(file);
  const head = buf.subarray(0, 64).toString('latin1');
  const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!m) throw new Error(`${file} is not a binary PPM`);
  return { w: Number(m[1]), h: Number(m[2]), rgb: buf.subarray(m[0].length) };
}

function inkOf(img: { w: number; h: number; rgb: Buffer }) {
  let ink = 0;
  let after = 0; // the report's "after" blue, #1d6fd8
  for (let i = 0; i + 2 < img.rgb.length; i += 3) {
    const [r, g, b] = [img.rgb[i]!, img.rgb[i + 1]!, img.rgb[i + 2]!];
    if (r < 235 || g < 235 || b < 235) ink++;
    if (Math.abs(r - 29) < 30 && Math.abs(g - 111) < 30 && Math.abs(b - 216) < 30) after++;
  }
  return { ink: ink / (img.w * img.h), after };
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'dw-e2e-report-'));
  services = createServices({ host: 'cli', configDir: join(base, 'config') });
  const a = join(base, 'old-drive');
  const b = join(base, 'new-drive');
  mkdirSync(a);
  mkdirSync(b);
  before = await bench(a, 'before', 'Old drive (temp dir A)');
  after = await bench(b, 'after', 'New drive (temp dir B)');
  // Both folders sit on this machine's one disk, which the runs would name as the same drive (a
  // repeatability check, not an upgrade: test/e2e/same-drive.test.ts); temp dir B stands for a
  // new drive here, so its run names another one.
  if (after.drive) {
    after = { ...after, drive: { ...after.drive, serial: 'NEW-DRIVE-0001', wwn: null } };
    await services.runs.save(after);
  }
  mkdirSync(RESULTS, { recursive: true });
}, 240_000);

afterAll(() => {
  services?.jobs.cancelAll();
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('drivewise report BEFORE AFTER --pdf --html', () => {
  const pdf = () => join(RESULTS, 'report-before-after.pdf');

  it('prints the recommendation, every test and the numbers of both runs', async () => {
    const html = join(RESULTS, 'report-before-after.html');
    const r = await cli(['report', before.id, after.id, '--pdf', pdf(), '--html', html, '--force']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Saved .*report-before-after\.pdf \(\d+ pages, A4\)\n/);

    const text = execFileSync('pdftotext', ['-layout', pdf(), '-'], { encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    const verdict = computeVerdict(before, after);
    expect(flat).toContain(verdict.recommendation.headline);
    for (const reason of verdict.recommendation.reasons.slice(0, 2))
      expect(flat).toContain(reason.slice(0, 40).replace(/\s+/g, ' '));
    for (const t of [...before.tests, ...after.tests])
      expect(flat).toContain(testLabel(t.testId, t.title).label);
    // Every figure of both runs, as the tables print it.
    let checked = 0;
    for (const run of [before, after])
      for (const t of run.tests)
        for (const m of t.measurements)
          if (m.median !== null) {
            // In the unit the report shows it in (throughputs in MB/s, shared/format's rule).
            const shown = fmtNum(shownUnit(m.unit).conv(m.median));
            expect(flat, `${run.label} ${t.testId} ${m.metric}`).toContain(shown);
            checked++;
          }
    expect(checked).toBeGreaterThan(50);
    expect(flat).toContain('Old drive (temp dir A) → New drive (temp dir B)');
    expect(flat).toMatch(/Page 1 of \d+/);
    expect(flat).toContain('Appendix: every figure, and how it was measured');
    expect(flat).toContain('How these numbers were measured');
    // Both folders sit on one disk, so the after-run cannot check a prediction: it is shown
    // unchecked (the verdict screen says the same), under its own heading.
    expect(flat).toMatch(/Prediction vs measured|Prediction before buying/);
    // Every predicted task time carries its 10–90 % range in the PDF too.
    expect(flat).toContain('Likely range (10–90 %)');
    expect(flat).toMatch(/\d s – \d+(\.\d)? s/);
    expect(flat).toContain('Reference drives compared');
    expect(flat).toContain('Intel 320 160 GB SSD'); // a seed's drive among the references
    expect(flat).toMatch(/Serial\s+hidden \(opt in to print it\)|Serial\s+—/);

    const info = execFileSync('pdfinfo', [pdf()], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(info).toMatch(/Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pages).toBeLessThanOrEqual(20);
    expect(r.out).toContain(`(${pages} pages, A4)`);

    // Pages for a person to look at, and each one has something on it.
    const shots = join(RESULTS, 'report-pages');
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf(), join(shots, 'page')]);
    expect(readdirSync(shots)).toHaveLength(pages);
    const ink = mkdtempSync(join(base, 'ink-'));
    execFileSync('pdftoppm', ['-r', '20', pdf(), join(ink, 'page')]);
    for (const f of readdirSync(ink))
      expect(inkOf(readPpm(join(ink, f))).ink, f).toBeGreaterThan(0.01);
  });

  it('pages 1–2 tell the story in order; the appendix starts on a fresh page', () => {
    const pages = pageTexts(pdf());
    const appendix = pages.findIndex((t) => t.includes('Appendix: every figure'));
    // A quick-shaped pair (every synthetic test): the story fits before the appendix, ≤ 6 pages.
    expect(appendix).toBeGreaterThanOrEqual(1);
    expect(appendix).toBeLessThanOrEqual(6);
    console.log(`story: ${appendix} page(s) before the appendix, ${pages.length} in all`);
    expect(pages[appendix]!.trimStart().startsWith('Appendix: every figure')).toBe(true);
    const story = pages.slice(0, appendix).join('\n');
    // The kicker is upper-cased by CSS, so compare without case.
    const at = (s: string) => story.replace(/\s+/g, ' ').toLowerCase().indexOf(s.toLowerCase());
    const order = ['Recommendation', 'Time saved', 'Key figures', 'What explains it'];
    for (const h of order) expect(at(h), h).toBeGreaterThanOrEqual(0);
    expect(order.map(at)).toEqual([...order.map(at)].sort((x, y) => x - y));
    // Nothing of the data dump before the appendix.
    expect(story).not.toContain('Every test, figure by figure');
    expect(story).not.toContain('Reference drives compared');
    // "Time saved" says on what basis; no empty "tasks" heading when nothing was timed.
    expect(story).toMatch(
      /No task you wait for was timed|tasks timed on both drives|Estimated|Partly measured/,
    );
    if (!computeVerdict(before, after).tasks.length)
      expect(story).not.toContain('What you wait for');
  });

  it('no jargon anywhere in the PDF, and no heading is the last line of a page', () => {
    const flat = execFileSync('pdftotext', [pdf(), '-'], { encoding: 'utf8' });
    expect(findJargon(flat)).toBeNull();
    for (const id of [before.id, after.id]) expect(flat).not.toContain(id);
    expect(flat).not.toMatch(/too fast to time \(bonnie\+\+ prints/); // one line, not a row each
    const html = readFileSync(join(RESULTS, 'report-before-after.html'), 'utf8');
    const headings = [...html.matchAll(/<h[23][^>]*>(.*?)<\/h[23]>/g)]
      .map((m) => m[1]!.replace(/<[^>]+>/g, ' ').replace(/&[a-z]+;|&#\d+;/g, ' '))
      .map((h) => h.replace(/\s+/g, ' ').trim())
      .filter((h) => h.length > 3);
    expect(headings.length).toBeGreaterThan(10);
    // A heading is orphaned when it is the last text on a page AND sits in the page's last
    // quarter (higher up, what follows it on the same page is a chart image, not text).
    for (const pg of lastLines(pdf()))
      for (const h of headings)
        expect(
          pg.text.startsWith(h.slice(0, 30)) && pg.y > 0.75,
          `page ${pg.page} ends with heading "${h}" at ${Math.round(pg.y * 100)} %`,
        ).toBe(false);
  });

  it('the charts are drawn: every chart image has bars in it', () => {
    const dir = mkdtempSync(join(base, 'img-'));
    execFileSync('pdfimages', [pdf(), join(dir, 'chart')]);
    const charts = readdirSync(dir).filter((n) => n.endsWith('.ppm'));
    // key-figure speed-ups, memory, sequential, random access, file ops, latency...
    expect(charts.length).toBeGreaterThanOrEqual(4);
    let withAfterBars = 0;
    for (const f of charts) {
      const { ink, after: blue } = inkOf(readPpm(join(dir, f)));
      expect(ink, f).toBeGreaterThan(0.02);
      if (blue > 200) withAfterBars++;
    }
    expect(withAfterBars).toBeGreaterThanOrEqual(3);
  });

  it('the HTML export is one self-contained file: no scripts, no external references', () => {
    const html = readFileSync(join(RESULTS, 'report-before-after.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="(?!data:)|href="http/i);
    expect(html).toContain('default-src &#39;none&#39;'.replace(/&#39;/g, "'"));
    expect(html).toMatch(/<img[^>]+src="data:image\/png;base64,/);
    expect(html).toContain(computeVerdict(before, after).recommendation.headline);
    expect(html).toContain('@page');
  });

  it('nothing is wider than the page (Chromium would shrink the whole print to fit)', async () => {
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 800, height: 1000 } });
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      await page.goto(pathToFileURL(join(RESULTS, 'report-before-after.html')).href);
      const [client, scroll] = (await page.evaluate(
        '[document.documentElement.clientWidth, document.documentElement.scrollWidth]',
      )) as [number, number];
      expect(scroll).toBeLessThanOrEqual(client);
      expect(failed).toEqual([]); // opens offline: nothing to fetch
      // The findings list's gutter holds "10." (a 5 mm one printed the 10th and 11th as ".0.").
      const [gutter, marker] = (await page.evaluate(`(() => {
        const li = document.querySelector('.rp-findings li');
        const probe = document.createElement('span');
        probe.textContent = '10.\u00a0';
        probe.style.font = getComputedStyle(li).font;
        document.body.append(probe);
        return [parseFloat(getComputedStyle(li.parentElement).paddingLeft), probe.getBoundingClientRect().width];
      })()`)) as [number, number];
      expect(gutter).toBeGreaterThanOrEqual(marker);
    } finally {
      await browser.close();
    }
  });
});

describe('single-run report and errors', () => {
  it('report.savePdf over the router: the baseline alone, on Letter', async () => {
    const dispatch = createDispatch(createHandlers(services));
    const path = join(RESULTS, 'report-baseline-letter.pdf');
    const res = await dispatch('report.savePdf', { beforeId: before.id, path, paper: 'letter' });
    expect(res).toEqual({ ok: true, value: { path, pages: expect.any(Number) } });
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const flat = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(flat).toContain('No verdict yet');
    expect(flat).toContain('Prediction before buying');
    expect(flat).toContain('Baseline: Old drive (temp dir A)');
    expect(flat).not.toContain('New drive (temp dir B)');
    for (const t of before.tests) expect(flat).toContain(testLabel(t.testId, t.title).label);
    expect(findJargon(flat)).toBeNull();
  });

  it('no Chromium: one clear line, exit code 2, no file', async () => {
    const out = join(base, 'never.pdf');
    const r = await cli(['report', before.id, after.id, '--pdf', out], {
      ...process.env,
      CHROME_PATH: '/nonexistent',
    });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'drivewise: no Chromium at CHROME_PATH=/nonexistent: point it at a Chromium or Chrome binary\n',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('unknown runs and a missing folder fail before any browser starts', async () => {
    const r1 = await cli(['report', 'no-such-run', '--pdf', join(base, 'x.pdf')]);
    expect(r1).toMatchObject({ code: 2, err: 'drivewise: no run with id no-such-run\n' });
    const r2 = await cli(['report', before.id, '--pdf', join(base, 'missing', 'x.pdf')]);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(
      /^drivewise: cannot save to .*x\.pdf: folder .*missing does not exist\n$/,
    );
    const r3 = await cli(['report', before.id]);
    expect(r3.err).toBe(
      'drivewise: say where to save the report: --pdf out.pdf and/or --html out.html\n',
    );
  });
});
