// What an import recognised, figure by figure (or the run file it brought in).
import type { Res } from '../../shared/contract';
import { testIdOf } from '../../shared/import/to-run';
import { importedFigureLabel } from '../../shared/labels';

export type Imported = Res<'runs.importText'>;

export function Recognised({ r }: { r: Imported }) {
  if (r.tool === 'drivewise')
    return (
      <p role="status" className="dw-ok">
        Run file imported into history: {r.run.name ?? r.run.id} ({r.run.label}).
      </p>
    );
  return (
    <div role="status" className="dw-recognised">
      <p className="dw-ok">
        Recognised {r.tools.join(' + ')}: {r.results.length} figures, saved as “{r.run.name}”.
      </p>
      <table className="dw-table">
        <caption className="sr-only">Recognised figures</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Figure</th>
            <th scope="col">Value</th>
            <th scope="col">Unit</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {r.results.map((x, i) => (
            <tr key={i}>
              <td>{x.tool}</td>
              <td>{importedFigureLabel(testIdOf(x.tool, x.metric), x)}</td>
              <td className="num">{x.value ?? '—'}</td>
              <td>{x.unit}</td>
              <td className="muted">
                {[
                  x.device,
                  x.direct ? 'O_DIRECT' : null,
                  x.record_kb !== undefined ? `record ${x.record_kb} KB` : null,
                  x.file_kb !== undefined ? `file ${x.file_kb} KB` : null,
                  x.job ? `job ${x.job}` : null,
                  x.note,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
