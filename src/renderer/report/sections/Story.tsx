// The story's second half: the tasks a person waits for, before → after, and the key figures with
// one chart. Headings come only with content: nothing timed means no "tasks" heading at all.
import { testLabel } from '../../../shared/labels';
import type { TaskSaving } from '../../../shared/verdict';
import { SpeedupChart, speedupRange } from '../charts';
import {
  fmtSavedEachTime,
  formatSeconds,
  outcomeWord,
  outcomeWords,
  shownUnit,
} from '../../../shared/format';
import type { KeyFigure } from '../story-model';
import { FixedTable } from './FixedTable';
import { notDrawnLine } from '../../view-model/chart-groups';
import { comparisonText, keyFigureCells } from '../story-model';

function Tag({ tag }: { tag: string | null }) {
  return tag ? <span className="rp-tag">{tag}</span> : null;
}

const secs = (x: number | null) => (x === null ? '—' : formatSeconds(x));

/** `repeat`: one drive timed twice, so the change is how far it varied and nothing is saved. */
export function FeltTasks({ tasks, repeat = false }: { tasks: TaskSaving[]; repeat?: boolean }) {
  if (!tasks.length) return null;
  return (
    <section className="rp-keep" aria-labelledby="rp-felt-h" data-testid="report-felt">
      <h2 id="rp-felt-h">
        {repeat ? 'What you wait for, timed twice' : 'What you wait for, before → after'}
      </h2>
      <FixedTable
        columns={[
          { title: 'Task', width: 34 },
          { title: 'Before', width: 16, num: true },
          { title: 'After', width: 16, num: true },
          { title: 'Change', width: 18 },
          ...(repeat ? [] : [{ title: 'Saved each time', width: 16, num: true }]),
        ]}
      >
        {tasks.map((t) => {
          // The task's one name (the verdict's, from shared/labels); its tool as a tag.
          const tag = t.testId === 'task.stopwatch' ? null : testLabel(t.testId).tag;
          return (
            <tr key={t.key} data-key={t.key}>
              <th scope="row">
                {t.title} <Tag tag={tag} />
              </th>
              <td className="num">{secs(t.beforeSeconds.median)}</td>
              <td className="num">{secs(t.afterSeconds.median)}</td>
              <td
                className={`rp-outcome rp-${t.outcome}`}
                data-outcome={outcomeWord(t.outcome, t.excluded)}
              >
                {outcomeWords(t.outcome, t.speedup, t.excluded)}
              </td>
              {!repeat && <td className="num">{fmtSavedEachTime(t)}</td>}
            </tr>
          );
        })}
      </FixedTable>
    </section>
  );
}

export function KeyFigures({ figures }: { figures: KeyFigure[] }) {
  if (!figures.length) return null;
  // A figure not compared (a cache hit, memory speed) is never a bar: it is named under the chart.
  const all = figures.map((f) => f.comparison);
  const rows = all.filter((c) => c.speedup !== null && !c.excluded);
  const left = notDrawnLine(all);
  return (
    <section aria-labelledby="rp-key-h" data-testid="report-key-figures">
      <div className="rp-keep">
        <h2 id="rp-key-h">Key figures</h2>
        <FixedTable
          columns={[
            { title: 'Figure', width: 46 },
            { title: 'Before', width: 18, num: true },
            { title: 'After', width: 18, num: true },
            { title: 'Change', width: 18 },
          ]}
        >
          {figures.map(({ comparison: c, label }) => (
            <tr key={c.key} data-unit={shownUnit(c.unit).unit} data-key={c.key}>
              <th scope="row">
                {label.label} <Tag tag={label.tag} />
              </th>
              <td className="num">{keyFigureCells(c).before}</td>
              <td className="num">{keyFigureCells(c).after}</td>
              <td
                className={`rp-outcome rp-${c.outcome}`}
                data-outcome={outcomeWord(c.outcome, c.excluded)}
              >
                {outcomeWords(c.outcome, c.speedup, c.excluded)}
              </td>
            </tr>
          ))}
        </FixedTable>
      </div>
      {rows.length > 0 && (
        <figure className="rp-figure-block">
          <SpeedupChart rows={rows} range={speedupRange(rows)} labelOf={comparisonText} />
        </figure>
      )}
      {left && (
        <p className="rp-muted" data-testid="report-not-drawn">
          {left}
        </p>
      )}
      <p className="rp-muted">
        Medians with min–max over the repetitions: the figures you feel first. Every other
        measurement is in the appendix.
      </p>
    </section>
  );
}
