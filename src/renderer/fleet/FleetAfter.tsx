// After the swap: each host's after-run, matched to its before-run by inventory name (a fresh
// install on the new drive changes the machine id), measured against the predicted saving.
import type { FleetReport } from '../../shared/contract/fleet';
import { fmtHours, fmtSignedShare as pct } from '../../shared/format';

export function FleetAfter({ r }: { r: FleetReport }) {
  const swapped = r.hosts.filter((h) => h.after);
  return (
    <section className="dw-fleet-after" aria-labelledby="dw-fleet-after-h">
      <h4 id="dw-fleet-after-h">After the swap: measured against predicted</h4>
      <p>
        {swapped.length} of {r.hosts.length} host(s) have an after-run, matched by inventory name.
        {r.totals.medianError !== null &&
          ` Median error of the predicted hours saved, over the swapped hosts: ${pct(r.totals.medianError)} (median of the sizes ${pct(r.totals.medianAbsError)}).`}
        {r.totals.notSwapped > 0 &&
          ` ${r.totals.notSwapped} host(s) measured the same drive again (not swapped): left out.`}
      </p>
      {swapped.length > 0 && (
        <div className="dw-fleet-scroll">
          <table className="dw-table" data-testid="fleet-after">
            <thead>
              <tr>
                <th>Host</th>
                <th>After-run</th>
                <th className="num">Measured a year</th>
                <th className="num">Predicted a year</th>
                <th className="num">Error</th>
              </tr>
            </thead>
            <tbody>
              {swapped.map((h) => (
                <tr key={h.host}>
                  <th scope="row">{h.host}</th>
                  <td>{h.after!.file}</td>
                  <td className="num">{fmtHours(h.after!.measuredHoursPerYear)}</td>
                  <td className="num">{fmtHours(h.after!.predictedHoursPerYear)}</td>
                  <td className="num">{h.after!.swapped ? pct(h.after!.error) : 'not swapped'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.unmatchedAfter.length > 0 && (
        <p className="muted">After-runs without a before-run: {r.unmatchedAfter.join(', ')}</p>
      )}
    </section>
  );
}
