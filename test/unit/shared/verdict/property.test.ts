// Property test over generated run pairs: the verdict object never contradicts itself, the CLI
// text printed from it has no empty heading, and suspect or memory-speed figures never count.
import { describe, expect, it } from 'vitest';
import { formatSeconds } from '../../../../src/shared/format';
import {
  computeVerdict,
  NO_DIFFERENCE_HEADLINE,
  verdictSchema,
  type Verdict,
} from '../../../../src/shared/verdict';
import { formatVerdict } from '../../../../src/main/verdict/text';
import { generatePair } from './generate';

const PAIRS = 400;

/** Every "Heading:" line of the CLI text is followed by at least one indented row. */
function emptyHeadings(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (/^[A-Z][^:]*:$/.test(l) && !/^ {2}\S/.test(lines[i + 1] ?? '')) out.push(l);
  });
  return out;
}

function contradictions(v: Verdict): string[] {
  const bad: string[] = [];
  const perDay = v.totals.savedPerDaySeconds;
  const level = v.recommendation.level;
  const byKey = new Map(v.comparisons.map((c) => [c.key, c]));
  if (level === 'worth-it') {
    if (!(perDay >= 1)) bad.push(`worth-it with ${perDay} s a day`);
    if (/^0 (m?s)$/.test(formatSeconds(perDay))) bad.push('worth-it beside 0 s');
    if (/^(None|Not known)/.test(v.text.timeSaved))
      bad.push(`worth-it beside "${v.text.timeSaved}"`);
    if (!v.recommendation.headline.includes(formatSeconds(perDay)))
      bad.push('headline and time card disagree');
    if (!v.text.timeSaved.includes(formatSeconds(perDay))) bad.push('time text disagrees');
  }
  if (v.totals.basis === 'none' && perDay !== 0) bad.push('time saved without any timed task');
  if (v.noise.noMeasurableDifference) {
    if (v.recommendation.headline !== NO_DIFFERENCE_HEADLINE) bad.push('A/A headline missing');
    if (perDay !== 0) bad.push(`no difference but ${perDay} s a day saved`);
    if (
      v.findings.some((f) => f.kind === 'big-win' || f.kind === 'slower' || f.kind === 'small-gain')
    )
      bad.push('no difference but a win/slower finding');
  }
  if (v.recommendation.headline === NO_DIFFERENCE_HEADLINE && !v.noise.noMeasurableDifference)
    bad.push('A/A headline on a pair that moved');
  for (const c of v.comparisons) {
    if (c.excluded && (c.outcome === 'faster' || c.outcome === 'slower'))
      bad.push(`excluded ${c.key} judged ${c.outcome}`);
    if (c.theme === 'memory' && c.outcome === 'faster') bad.push('memory speed called faster');
    if (c.floor > 0.4) bad.push(`${c.key} floor ${c.floor} above every class maximum`);
  }
  for (const h of v.headlines) {
    if (h.median < h.min - 1e-9 || h.median > h.max + 1e-9)
      bad.push(`${h.words} median outside range`);
    for (const k of h.keys) if (byKey.get(k)?.excluded) bad.push(`${h.words} counts excluded ${k}`);
  }
  for (const f of v.findings) {
    for (const k of f.keys) {
      const c = byKey.get(k);
      if (c?.excluded && f.kind !== 'cache-suspected')
        bad.push(`${f.kind} finding uses excluded ${k}`);
      if (c && f.kind === 'big-win' && c.outcome === 'slower')
        bad.push(`big win from a slower ${k}`);
    }
    if (f.kind === 'big-win' && !f.keys.length) bad.push('big win without figures');
  }
  for (const w of v.bigWins) {
    const h = v.headlines.find((x) => x.words === w);
    if (h && (h.outcome !== 'faster' || h.median < 5))
      bad.push(`big win ${w} not a faster median ≥5×`);
    const f = v.findings.find((x) => x.kind === 'big-win' && x.title.toLowerCase().startsWith(w));
    if (
      h &&
      f &&
      !f.title.includes(`${h.median >= 10 ? Math.round(h.median) : h.median.toFixed(1)}×`)
    )
      bad.push(`big win ${w} title is not the theme median`);
  }
  const measured = v.tasks.filter((t) => t.basis === 'measured');
  if ((v.text.tasks === null) !== (measured.length === 0)) bad.push('tasks line vs measured tasks');
  if (v.text.tasks?.startsWith('No timed task') && measured.some((t) => t.outcome === 'faster'))
    bad.push('"no task got faster" beside a faster task');
  for (const t of v.tasks) {
    if (t.basis === 'estimated' && !t.note) bad.push(`estimate ${t.key} without its note`);
    if (t.side === 'both' && t.basis !== 'measured')
      bad.push(`${t.key} both sides but not measured`);
  }
  const keys = v.tasks.map((t) => t.key);
  if (new Set(keys).size !== keys.length) bad.push('two tasks share a key');
  return bad;
}

describe(`property: ${PAIRS} generated run pairs`, () => {
  it('no contradiction, no empty heading, schema-valid', () => {
    const failures: string[] = [];
    let aa = 0;
    let worth = 0;
    for (let seed = 1; seed <= PAIRS; seed++) {
      const p = generatePair(seed);
      const v = computeVerdict(p.before, p.after);
      verdictSchema.parse(v);
      if (p.aa) aa++;
      if (v.recommendation.level === 'worth-it') worth++;
      const text = formatVerdict(v);
      const bad = [
        ...contradictions(v),
        ...emptyHeadings(text).map((h) => `empty heading "${h}"`),
        ...(v.tasks.length === 0 && /Tasks \(/.test(text) ? ['Tasks heading without tasks'] : []),
        ...(/No (real-world|timed) task got measurably faster/.test(text) &&
        !v.tasks.some((t) => t.basis === 'measured')
          ? ['"no task got faster" when none ran']
          : []),
      ];
      if (bad.length) failures.push(`seed ${seed}: ${bad.join('; ')}`);
    }
    // The generator really covers both worlds.
    expect(aa).toBeGreaterThan(50);
    expect(worth).toBeGreaterThan(30);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('A/A pairs (same drive twice) read as no difference unless a task moved beyond noise', () => {
    let checked = 0;
    for (let seed = 1; seed <= PAIRS; seed++) {
      const p = generatePair(seed);
      if (!p.aa) continue;
      const v = computeVerdict(p.before, p.after);
      if (!v.noise.judged) continue;
      checked++;
      expect(v.recommendation.level, `seed ${seed}`).not.toBe('worth-it');
      expect(v.bigWins, `seed ${seed}`).toEqual([]);
      expect(
        v.findings.filter((f) => f.kind === 'slower'),
        `seed ${seed}`,
      ).toEqual([]);
    }
    expect(checked).toBeGreaterThan(30);
  });
});
