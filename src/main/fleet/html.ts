// The fleet report page: a one-page summary a manager reads in two minutes (the verdict, the
// ranked top of the table, a chart of hours saved a year per host), then one short section per
// host. Self-contained HTML (inline CSS and SVG, no script): every text from a run file is escaped.
import { fmtMoney } from '../../shared/format/money';
import { fmtRatio, fmtShare, fmtSignedShare } from '../../shared/format/number';
import { usageProfile } from '../../shared/schemas/run';
import {
  FLAG_TEXT,
  per100,
  worthANewDrive,
  type FleetReport,
  type HostVerdict,
} from '../../shared/contract/fleet';

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c]!);
const hrs = (h: number | null | undefined) =>
  h === null || h === undefined ? '—' : (Math.abs(h) < 0.005 ? 0 : h).toFixed(2);
const pct = fmtSignedShare;

/** Hosts on the summary page's table and chart; the rest are in the sections. */
const SUMMARY_ROWS = 15;
const WORK_DAYS = usageProfile.parse({}).workDaysPerYear;

const CSS = `@page { size: A4; margin: 14mm }
body { font: 10pt/1.35 sans-serif; color: #111 }
h1 { font-size: 17pt; margin: 0 0 4mm } h2 { font-size: 12pt; margin: 5mm 0 2mm }
.summary { page-break-after: always } .host { page-break-inside: avoid; border-top: 1px solid #bbb; padding: 2mm 0 }
table { border-collapse: collapse; width: 100% } td, th { padding: 1px 4px; text-align: left; font-size: 9pt }
td.n, th.n { text-align: right } tr:nth-child(even) td { background: #f2f2f2 }
.flags { color: #8a3b00 } .big { font-size: 12pt } .muted { color: #555 }`;

function chart(hosts: HostVerdict[]): string {
  const rows = hosts.slice(0, SUMMARY_ROWS);
  const max = Math.max(1e-9, ...rows.map((h) => Math.max(0, h.hoursPerYear ?? 0)));
  const bar = 14;
  const parts = rows.map((h, i) => {
    const w = Math.round((Math.max(0, h.hoursPerYear ?? 0) / max) * 380);
    const y = i * bar;
    return `<text x="0" y="${y + 10}" font-size="8">${esc(h.host.slice(0, 28))}</text><rect x="150" y="${y + 2}" width="${w}" height="${bar - 4}" fill="#2b6cb0"/><text x="${155 + w}" y="${y + 10}" font-size="8">${hrs(h.hoursPerYear)} h</text>`;
  });
  return `<svg width="600" height="${rows.length * bar + 4}" role="img" aria-label="Hours saved a year per host">${parts.join('')}</svg>`;
}

function summaryTable(r: FleetReport): string {
  const rows = r.hosts
    .slice(0, SUMMARY_ROWS)
    .map(
      (h, i) =>
        `<tr><td class="n">${i + 1}</td><td>${esc(h.host)}</td><td>${esc(h.driveKind ?? '?')}</td><td class="n">${hrs(h.hoursPerYear)}</td><td class="n">${h.capacityGB} GB</td><td class="n">${esc(fmtMoney(h.cost, r.currency))}</td><td class="n">${per100(h)?.toFixed(2) ?? '—'}</td><td class="flags">${esc(h.flags.map((f) => FLAG_TEXT[f]).join('; '))}</td></tr>`,
    );
  return `<table><tr><th class="n">#</th><th>Host</th><th>Drive</th><th class="n">h/year</th><th class="n">Buy</th><th class="n">Cost</th><th class="n">h per ${esc(r.currency)}100</th><th>Marks</th></tr>${rows.join('')}</table>`;
}

function summary(r: FleetReport): string {
  const t = r.totals;
  const first = r.hosts.filter((h) => worthANewDrive(h, t.minHoursPerYear));
  const safety = r.hosts.filter((h) => h.flags.includes('smart')).map((h) => h.host);
  const lines = [
    `<p class="big">Replace first: <b>${esc(
      first
        .slice(0, 5)
        .map((h) => h.host)
        .join(', ') || 'no host gains enough',
    )}</b>.</p>`,
    `<p>${t.worthIt} of ${t.hosts} hosts gain at least ${hrs(t.minHoursPerYear)} h a year from ${esc(r.targetName)}: ${hrs(t.hoursPerYear)} hours saved a year for ${esc(fmtMoney(t.cost, r.currency))} (${esc(fmtMoney(r.pricePerGB, r.currency, 3))} per GB, each drive sized to the host's used space plus room).</p>`,
  ];
  if (safety.length)
    lines.push(
      `<p>Replace for safety, whatever the speed: <b>${esc(safety.join(', '))}</b> (SMART warns).</p>`,
    );
  if (r.failed.length)
    lines.push(
      `<p>Not measured (the playbook failed there): <b>${esc(r.failed.map((f) => f.host).join(', '))}</b> (reasons at the end).</p>`,
    );
  if (r.afterDir)
    lines.push(
      `<p>After the swap, the predicted hours saved missed the measured ones by ${pct(t.medianError)} in the median (sizes ${pct(t.medianAbsError)})${t.notSwapped ? `; ${t.notSwapped} host(s) measured the same drive again and are left out` : ''}.</p>`,
    );
  lines.push(
    `<p class="muted">Counted: the tasks each run timed (disk search, unpacking, app start, boot where measured), at their usual frequency over the runs' working days (default ${WORK_DAYS} a year); what a run did not time is not counted.</p>`,
  );
  if (r.skipped.length)
    lines.push(
      `<p class="muted">${r.skipped.length} file(s) were skipped (listed at the end).</p>`,
    );
  return `<section class="summary"><h1>Which machines gain most from a new drive</h1>${lines.join('')}<h2>Hours saved a year</h2>${chart(r.hosts)}<h2>Ranking</h2>${summaryTable(r)}</section>`;
}

function section(r: FleetReport, h: HostVerdict, i: number): string {
  const facts = [
    `Drive: ${esc(h.driveKind ?? 'unknown')}${h.driveModel ? ` (${esc(h.driveModel)})` : ''}; used ${h.usedGB ?? '?'} GB → buy ${h.capacityGB} GB for ${esc(fmtMoney(h.cost, r.currency))}.`,
    (h.hoursPerYear ?? 0) > 0
      ? `Saves ${hrs(h.hoursPerYear)} h a year (${fmtShare(h.savedShare)} of the timed tasks' time); random access ${fmtRatio(h.speedups?.random)}, sequential ${fmtRatio(h.speedups?.sequential)} as fast.`
      : `Saves nothing: ${esc(r.targetName)} is no faster than this drive for what it timed (random access ${fmtRatio(h.speedups?.random)}, sequential ${fmtRatio(h.speedups?.sequential)}).`,
  ];
  if (h.after)
    facts.push(
      `After the swap: measured ${hrs(h.after.measuredHoursPerYear)} h a year against ${hrs(h.after.predictedHoursPerYear)} h predicted (error ${pct(h.after.error)}).`,
    );
  if (h.flags.length)
    facts.push(`<span class="flags">${esc(h.flags.map((f) => FLAG_TEXT[f]).join('; '))}</span>`);
  facts.push(...h.notes.map(esc));
  const id = `${esc(h.hostname ?? '?')}, machine id ${esc(h.machineId ?? '?')}, run ${esc(h.runId)}`;
  return `<section class="host"><h2>${i + 1}. ${esc(h.host)}</h2><p class="muted">${id}</p>${facts.map((f) => `<p>${f}</p>`).join('')}</section>`;
}

/** Hosts with a section of their own in the PDF unless --top says otherwise; the CSV has all. */
export const PDF_TOP = 50;

/**
 * The fleet report page: the summary, then a section for each of the first `top` hosts (a PDF
 * of 50,000 hosts was 10,817 pages and took 4 min 20 s; the CSV holds every host).
 */
export function fleetHtml(r: FleetReport, top = PDF_TOP): string {
  const shown = r.hosts.slice(0, top);
  const rest = r.hosts.length - shown.length;
  const more = rest
    ? `<section class="host"><p class="muted">${rest} more host(s), ranked below these: every host is in the CSV (--csv).</p></section>`
    : '';
  const failed = r.failed.length
    ? `<section class="host"><h2>Not measured</h2>${r.failed.map((f) => `<p><b>${esc(f.host)}</b>: ${esc(f.why)}</p>`).join('')}</section>`
    : '';
  const skipped = r.skipped.length
    ? `<section class="host"><h2>Skipped files</h2>${r.skipped.map((s) => `<p>${esc(s.file)} ${esc(s.why)}</p>`).join('')}</section>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Drivewise fleet</title><style>${CSS}</style></head><body>${summary(r)}${shown.map((h, i) => section(r, h, i)).join('')}${more}${failed}${skipped}</body></html>`;
}
