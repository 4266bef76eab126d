// Per-test tables (before, after, ratio, spread, method, caveats) and the real-world tasks table.
import type { TaskSaving } from '../../../shared/verdict';
import { plainMethod } from '../../../shared/labels';
import {
  fmtCapacity,
  fmtNum,
  fmtSavedEachTime,
  fmtShare,
  fmtSpeedup,
  fmtSpread,
  formatSeconds,
  outcomeWord,
  outcomeWords,
  untimedLine,
} from '../../../shared/format';
import type { TestTable } from '../report-model';
import { FixedTable } from './FixedTable';

const STATUS_WORDS = {
  ok: '',
  failed: 'failed',
  skipped: 'skipped',
  cancelled: 'cancelled',
} as const;

function statusLine(t: TestTable, single: boolean): string {
  const b = t.status.before;
  const a = t.status.after;
  if (single) return b && b !== 'ok' ? `This test ${STATUS_WORDS[b]}.` : '';
  const parts: string[] = [];
  if (!b) parts.push('Only in the after-run.');
  else if (b !== 'ok') parts.push(`Before: ${STATUS_WORDS[b]}.`);
  if (!a) parts.push('Not in the after-run.');
  else if (a !== 'ok') parts.push(`After: ${STATUS_WORDS[a]}.`);
  return parts.join(' ');
}

/** A row's tag without what the table's heading already says ("iozone -I 4K" under "iozone -I"). */
function RowTag({ tag, heading }: { tag: string | null; heading: string | null }) {
  const rest = tag && heading && tag.startsWith(heading) ? tag.slice(heading.length).trim() : tag;
  return rest ? <span className="rp-tag">{rest}</span> : null;
}

const COLUMNS = {
  single: [
    { title: 'Measurement', width: 48 },
    { title: 'Unit', width: 14 },
    { title: 'Median (min–max)', width: 38, num: true },
  ],
  pair: [
    { title: 'Measurement', width: 35 },
    { title: 'Unit', width: 8 },
    { title: 'Before: median (min–max)', width: 17, num: true },
    { title: 'After: median (min–max)', width: 17, num: true },
    { title: 'Ratio', width: 8, num: true },
    { title: 'Outcome', width: 15 },
  ],
};

type FigureRowData = TestTable['rows'][number];

function FigureRow({ r, t, single }: { r: FigureRowData; t: TestTable; single: boolean }) {
  return (
    <tr data-key={r.key}>
      <th scope="row">
        {r.label} <RowTag tag={r.tag} heading={t.tag} />
      </th>
      <td>
        {r.unit}
        {r.better === 'lower' ? ' ↓' : ''}
      </td>
      <td className="num">
        {single && r.before?.median === null && r.note ? r.note : fmtSpread(r.before)}
      </td>
      {!single && (
        <>
          <td className="num">{fmtSpread(r.after)}</td>
          <td className="num">{fmtSpeedup(r.speedup, r.outcome ?? 'unknown')}</td>
          <td
            className={`rp-outcome rp-${r.outcome ?? 'unknown'}`}
            data-outcome={r.outcome ? outcomeWord(r.outcome, r.excluded) : undefined}
          >
            {r.outcome && (r.outcome !== 'unknown' || r.excluded)
              ? outcomeWords(r.outcome, r.speedup, r.excluded)
              : (r.note ?? outcomeWords('unknown', r.speedup))}
          </td>
        </>
      )}
    </tr>
  );
}

/** How the test was run, what it wrote, and anything that went wrong or needs care. */
function TestNotes({ t, single }: { t: TestTable; single: boolean }) {
  const status = statusLine(t, single);
  return (
    <div className="rp-test-notes">
      {t.untimed && <p data-testid="report-untimed">{untimedLine(t.untimed, single)}</p>}
      <p>
        <strong>Method:</strong> {plainMethod(t.method)}
        {t.afterMethod && <> (after-run: {t.afterMethod})</>} <strong>Cache:</strong> {t.cache}.{' '}
        <strong>Written:</strong> {fmtCapacity(t.bytesWritten)}.
      </p>
      {status && <p className="rp-warn-text">{status}</p>}
      {t.errors.map((e) => (
        <p key={e} className="rp-warn-text">
          {e}
        </p>
      ))}
      {t.caveats.length > 0 && (
        <ul className="rp-caveats">
          {t.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TestTableBlock({ t, single }: { t: TestTable; single: boolean }) {
  return (
    <section className="rp-test" data-testid="report-test" aria-label={t.title}>
      <h3>
        {t.title} {t.tag && <span className="rp-tag">{t.tag}</span>}
      </h3>
      {t.rows.length > 0 ? (
        <FixedTable columns={single ? COLUMNS.single : COLUMNS.pair}>
          {t.rows.map((r) => (
            <FigureRow key={r.key} r={r} t={t} single={single} />
          ))}
        </FixedTable>
      ) : (
        <p className="rp-muted">No figures.</p>
      )}
      <TestNotes t={t} single={single} />
    </section>
  );
}

/** `repeat`: one drive timed twice, so no saved columns (shared/verdict/same-drive.ts). */
export function TasksTable({ tasks, repeat = false }: { tasks: TaskSaving[]; repeat?: boolean }) {
  if (!tasks.length) return null;
  const s = (x: number | null) => (x === null ? '—' : formatSeconds(x));
  return (
    <FixedTable
      className="rp-tasks"
      testId="report-tasks"
      columns={[
        { title: 'Task', width: 20 },
        { title: 'Before, s', width: 10, num: true },
        { title: 'After, s', width: 10, num: true },
        { title: 'Outcome', width: 13 },
        ...(repeat
          ? []
          : [
              { title: 'Saved each time', width: 11, num: true },
              { title: 'Per day', width: 13, num: true },
            ]),
        { title: 'CPU s before / after', width: 11, num: true },
        { title: 'I/O wait before / after', width: 12, num: true },
      ]}
    >
      {tasks.map((t) => (
        <tr key={t.key} data-key={t.key}>
          <th scope="row">{t.title}</th>
          <td className="num">{fmtSpread(t.beforeSeconds)}</td>
          <td className="num">{fmtSpread(t.afterSeconds)}</td>
          <td
            className={`rp-outcome rp-${t.outcome}`}
            data-outcome={outcomeWord(t.outcome, t.excluded)}
          >
            {outcomeWords(t.outcome, t.speedup, t.excluded)}
          </td>
          {!repeat && <td className="num">{fmtSavedEachTime(t)}</td>}
          {!repeat && (
            <td className="num">
              {t.occurrencesPerDay > 0
                ? `${s(t.savedPerDay)} (${t.occurrencesPerDay}×)`
                : 'not in profile'}
            </td>
          )}
          <td className="num">
            {fmtNum(t.cpuSecondsBefore)} / {fmtNum(t.cpuSecondsAfter)}
          </td>
          <td className="num">
            {fmtShare(t.ioWaitShareBefore)} / {fmtShare(t.ioWaitShareAfter)}
          </td>
        </tr>
      ))}
    </FixedTable>
  );
}
