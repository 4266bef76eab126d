// Every surface that shows a prediction says its basis, per task: the Save-baseline step, the
// Verdict's "Predicted vs measured", `drivewise predict` and the PDF. From two runs the prediction
// rig measured (test/fixtures/predict: an HDD-like loop device, then an unthrottled one, each
// with a Chromium start), the before-run given a typed boot time as well: the timed tasks read
// "from this machine's own measurement", the typed one "from published HDD → SSD upgrades".
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { writeProgress } from '../../src/main/store/wizard-progress';
import { stopwatchResult } from '../../src/main/tasks/task-runs';
import { runDocument, type RunDocument } from '../../src/shared/schemas/run';
import { progressAtWelcome } from './fixture-runs';
import { openApp, RESULTS_DIR, type E2E } from './harness';

const fixture = (name: string): RunDocument =>
  runDocument.parse(
    JSON.parse(readFileSync(join(__dirname, '../fixtures/predict', `${name}.json`), 'utf8')),
  );

const OWN = "from this machine's own measurement";
const TYPED = 'from published HDD → SSD upgrades (a time you typed';
const SHOTS = join(RESULTS_DIR, 'prediction-basis');

describe('the basis line of every predicted task', () => {
  let app: E2E;
  const before = fixture('hdd');
  before.id = 'basis-before';
  before.label = 'before';
  before.tests.push(
    stopwatchResult({ title: 'Boot to login screen', seconds: [75, 77], kind: 'boot' }),
  );
  const after = { ...fixture('fast'), id: 'basis-after', label: 'after' as const };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp({ viewport: { width: 1280, height: 900 } });
    await app.services.runs.save(before);
    await app.services.runs.save(after);
  });
  afterAll(async () => app?.close());

  const shot = async (name: string) => {
    await app.page.evaluate('document.fonts.ready');
    await app.page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const basisLines = () => app.page.getByTestId('prediction-basis').allInnerTexts();

  it('the Save-baseline step: the timed tasks from this machine, the typed boot from published cases', async () => {
    await writeProgress(app.configDir, {
      ...progressAtWelcome(),
      step: 'baseline',
      reached: 5,
      beforeRunId: before.id,
    });
    await app.page.reload();
    // A before-run with no after-run resumes at "Measure again" (#41); the step is one click back.
    await app.page
      .getByRole('navigation', { name: 'Wizard steps' })
      .getByRole('button', { name: 'Save baseline' })
      .click();
    await app.page.getByRole('heading', { name: 'Save the baseline' }).waitFor();
    await app.page.locator('.predict-before-buying summary').click();
    await app.page.getByTestId('prediction-basis').first().waitFor();
    const lines = await basisLines();
    const chromium = lines.find((l) => l.includes(OWN) && /now → .* predicted \(/.test(l));
    expect(chromium, lines.join('\n')).toMatch(
      /^\d+(\.\d)? s now → \d+(\.\d+)? s predicted \(.+–.+\), from this machine's own measurement$/,
    );
    expect(lines.filter((l) => l.endsWith(OWN)).length).toBeGreaterThanOrEqual(4);
    expect(
      lines.find((l) => l.includes(TYPED)),
      lines.join('\n'),
    ).toMatch(/^1 min 16 s now → /);
    await app.page.getByTestId('prediction').scrollIntoViewIfNeeded();
    await shot('baseline-prediction');
  });

  it('the Verdict: predicted vs measured, with the new drive as the after-run measured it', async () => {
    await app.page.goto(`${app.host.url}#verdict?before=${before.id}&after=${after.id}`);
    await app.page.reload();
    await app.page.getByTestId('verdict-headline').waitFor();
    const section = app.page.locator('.vd-predict');
    await section.getByLabel('Target drive').selectOption('measured');
    await expect
      .poll(async () => (await basisLines()).filter((l) => l.endsWith(OWN)).length)
      .toBeGreaterThanOrEqual(4);
    expect(await section.innerText()).toContain('inside the predicted range');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SHOTS, 'verdict-predicted-vs-measured.png') });
  });

  it('drivewise predict and the PDF print the same lines', async () => {
    let out = '';
    const services = app.services;
    const cli = (args: string[]) =>
      runCli(args, { out: (x) => (out += x), err: () => undefined }, services);
    expect(await cli(['predict', before.id, '--target-run', after.id, '--after', after.id])).toBe(
      0,
    );
    expect(out).toContain(OWN);
    expect(out).toContain(TYPED);
    const pdf = join(SHOTS, 'report.pdf');
    expect(await cli(['report', before.id, after.id, '--pdf', pdf, '--force'])).toBe(0);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(OWN);
    expect(text).toContain('from published HDD → SSD upgrades');
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(SHOTS, 'report-page')]);
  });
});
