// The tasks of one drive measured twice: how far each varied between the runs, nothing saved
// (shared/verdict/same-drive.ts). The verdict screen shows it in place of the task table.
import type { TaskSaving } from '../../shared/verdict';
import { fmtSpread, outcomeWords } from '../../shared/format';

/** One drive timed twice: how far each task varied, nothing saved (shared/verdict/same-drive.ts). */
export function RepeatTaskTable({ tasks }: { tasks: TaskSaving[] }) {
  return (
    <section aria-labelledby="vd-tasks-title">
      <h3 id="vd-tasks-title">Real-world tasks, timed twice</h3>
      <div className="vd-scroll" tabIndex={0}>
        <table className="vd-table" data-testid="verdict-tasks">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">First run, s</th>
              <th scope="col">Second run, s</th>
              <th scope="col">Between runs</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.key} data-basis={t.basis}>
                <th scope="row">{t.title}</th>
                <td>{fmtSpread(t.beforeSeconds)}</td>
                <td>{fmtSpread(t.afterSeconds)}</td>
                <td title={t.note || undefined}>
                  {outcomeWords(t.outcome, t.speedup, t.excluded)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
