// The ranked fleet: best value first (hours saved a year per unit of money), each host's saving a
// working day and a year with a bar to compare them at a glance, and its marks.
import { useState } from 'react';
import {
  FLAG_TEXT,
  per100,
  type FleetFlag,
  type FleetReport,
  type HostVerdict,
} from '../../shared/contract/fleet';
import { fmtHours, fmtMoney, formatSeconds } from '../../shared/format';

/** The mark's badge; its title and the legend say it in full (FLAG_TEXT). */
const MARK: Record<FleetFlag, { label: string; tone: 'warn' | 'bad' | 'muted' }> = {
  ssd: { label: 'SSD', tone: 'muted' },
  'little-gain': { label: 'little gain', tone: 'muted' },
  'link-capped': { label: 'link-capped', tone: 'warn' },
  smart: { label: 'SMART', tone: 'bad' },
  health: { label: 'set-up', tone: 'warn' },
  incomplete: { label: 'incomplete', tone: 'warn' },
  implausible: { label: 'implausible', tone: 'warn' },
};

const FAILED_TEXT = 'the playbook could not measure this host (its reason in the row)';

/** Rows drawn at first: a fleet of thousands is in the CSV and PDF whole. */
const FIRST_ROWS = 100;

function Bar({ hours, max }: { hours: number | null; max: number }) {
  const w = hours !== null && hours > 0 && max > 0 ? Math.max(1, (hours / max) * 100) : 0;
  return (
    <span className="dw-fleet-bar" aria-hidden="true">
      <span style={{ width: `${w}%` }} />
    </span>
  );
}

function Row({ h, rank, r, max }: { h: HostVerdict; rank: number; r: FleetReport; max: number }) {
  return (
    <tr data-host={h.host}>
      <td className="num">{rank}</td>
      <th scope="row">
        {h.host}
        {h.driveModel && <span className="dw-fleet-sub">{h.driveModel}</span>}
      </th>
      <td>{h.driveKind ?? '?'}</td>
      <td className="num">{h.secondsPerDay === null ? '—' : formatSeconds(h.secondsPerDay)}</td>
      <td className="num dw-fleet-year">
        {h.hoursPerYear === null ? '—' : fmtHours(h.hoursPerYear)}
        <Bar hours={h.hoursPerYear} max={max} />
      </td>
      <td className="num">
        {h.capacityGB} GB<span className="dw-fleet-sub">{fmtMoney(h.cost, r.currency)}</span>
      </td>
      <td className="num">{per100(h)?.toFixed(2) ?? '—'}</td>
      <td>
        {h.flags.map((f) => (
          <span key={f} className={`badge ${MARK[f].tone}`} title={FLAG_TEXT[f]}>
            {MARK[f].label}
          </span>
        ))}
      </td>
    </tr>
  );
}

export function FleetTable({ r }: { r: FleetReport }) {
  const [all, setAll] = useState(false);
  const rows = all ? r.hosts : r.hosts.slice(0, FIRST_ROWS);
  const max = Math.max(0, ...r.hosts.map((h) => h.hoursPerYear ?? 0));
  const used = new Set(r.hosts.flatMap((h) => h.flags));
  return (
    <>
      <div className="dw-fleet-scroll">
        <table className="dw-table dw-fleet-table" data-testid="fleet-table">
          <caption>
            Hosts ranked by hours saved a year per {r.currency}100 spent on a {r.targetName}
          </caption>
          <thead>
            <tr>
              <th className="num">#</th>
              <th>Host</th>
              <th>Drive</th>
              <th className="num">A day</th>
              <th className="num">A year</th>
              <th className="num">Buy</th>
              <th className="num">h per {r.currency}100</th>
              <th>Marks</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h, i) => (
              <Row key={h.host} h={h} rank={i + 1} r={r} max={max} />
            ))}
            {r.failed.map((f) => (
              <tr key={`failed-${f.host}`} data-host={f.host} data-failed="">
                <td className="num">—</td>
                <th scope="row">{f.host}</th>
                <td colSpan={5}>Not measured: {f.why}</td>
                <td>
                  <span className="badge bad" title={FAILED_TEXT}>
                    failed
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length < r.hosts.length && (
        <button type="button" onClick={() => setAll(true)}>
          Show all {r.hosts.length} hosts
        </button>
      )}
      {(used.size > 0 || r.failed.length > 0) && (
        <ul className="dw-fleet-legend" aria-label="Marks">
          {[...used].map((f) => (
            <li key={f}>
              <span className={`badge ${MARK[f].tone}`}>{MARK[f].label}</span> {FLAG_TEXT[f]}
            </li>
          ))}
          {r.failed.length > 0 && (
            <li>
              <span className="badge bad">failed</span> {FAILED_TEXT}
            </li>
          )}
        </ul>
      )}
    </>
  );
}
