// The fleet view, beside History: a folder of run files fetched from many hosts (the Ansible
// playbook in deploy/ansible) ranked by what a new drive would save each of them, and, with the
// after-runs' folder, what each swap really saved against what was predicted.
import { PRESETS } from '../../shared/prediction/presets';
import { worthANewDrive, type FleetReport } from '../../shared/contract/fleet';
import { fmtHours, fmtMoney } from '../../shared/format';
import { FleetAfter } from './FleetAfter';
import { FleetSave } from './FleetSave';
import { FleetSource } from './FleetSource';
import { FleetTable } from './FleetTable';
import { useFleet, type FleetTargetPreset } from './fleet-store';
import './fleet.css';

const TARGETS = Object.entries(PRESETS) as [FleetTargetPreset, { name: string }][];

/** A number typed into the form as text (checked when the fleet is ranked). */
function DecimalField(p: { id: string; label: string; field: 'price' | 'minHours' }) {
  const value = useFleet((s) => s.form[p.field]);
  const setForm = useFleet((s) => s.setForm);
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="text"
        inputMode="decimal"
        value={value}
        onChange={(e) => setForm({ [p.field]: e.target.value })}
      />
    </div>
  );
}

function FleetForm() {
  const target = useFleet((s) => s.form.target);
  const setForm = useFleet((s) => s.setForm);
  const evaluate = useFleet((s) => s.evaluate);
  const status = useFleet((s) => s.status);
  return (
    <form
      className="dw-fleet-form"
      onSubmit={(e) => {
        e.preventDefault();
        void evaluate();
      }}
    >
      <FleetSource />
      <div className="field">
        <label htmlFor="dw-fleet-target">New drive</label>
        <select
          id="dw-fleet-target"
          value={target}
          onChange={(e) => setForm({ target: e.target.value as FleetTargetPreset })}
        >
          {TARGETS.map(([id, p]) => (
            <option key={id} value={id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <DecimalField id="dw-fleet-price" label="Price per GB" field="price" />
      <DecimalField
        id="dw-fleet-min-hours"
        label="Worth a new drive from (hours saved a year)"
        field="minHours"
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? status.text : 'Rank the fleet'}
        </button>
        {status.kind === 'error' && (
          <span role="alert" className="error-text">
            {status.text}
          </span>
        )}
      </div>
    </form>
  );
}

function Summary({ r }: { r: FleetReport }) {
  const t = r.totals;
  const first = r.hosts.filter((h) => worthANewDrive(h, t.minHoursPerYear));
  return (
    <div className="dw-fleet-summary" data-testid="fleet-summary">
      <p className="dw-fleet-big">
        {t.worthIt} of {t.hosts} host(s) worth a new drive (saving at least{' '}
        {fmtHours(t.minHoursPerYear)} a year): {fmtHours(t.hoursPerYear)} saved a year for{' '}
        {fmtMoney(t.cost, r.currency)}.
      </p>
      {first.length > 0 && (
        <p>
          Replace first:{' '}
          {first
            .slice(0, 5)
            .map((h) => h.host)
            .join(', ')}
          {first.length > 5 ? ` and ${first.length - 5} more` : ''}.
        </p>
      )}
      {r.failed.length > 0 && (
        <p>
          Not measured: {r.failed.map((f) => f.host).join(', ')} (the playbook failed there; the
          reason is in the table).
        </p>
      )}
      <p className="muted">
        {r.filesSeen} file(s) read from {r.dir}
        {r.afterDir ? ` and ${r.afterDir}` : ''}; {r.skipped.length} set aside.
      </p>
      {r.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
    </div>
  );
}

function Skipped({ r }: { r: FleetReport }) {
  if (!r.skipped.length) return null;
  return (
    <details className="dw-fleet-skipped" data-testid="fleet-skipped">
      <summary>{r.skipped.length} file(s) not used</summary>
      <ul>
        {r.skipped.map((s) => (
          <li key={s.file}>
            {s.file} {s.why}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function FleetView() {
  const r = useFleet((s) => s.report);
  return (
    <section className="dw-fleet" aria-labelledby="dw-fleet-h">
      <h3 id="dw-fleet-h">Fleet</h3>
      <p className="muted">
        Which machines gain most from a new drive: the run files the Ansible playbook fetched, one
        per host, ranked by hours saved a year per unit of money.
      </p>
      <FleetForm />
      {r && (
        <>
          <Summary r={r} />
          <FleetTable r={r} />
          {r.afterDir && <FleetAfter r={r} />}
          <Skipped r={r} />
          <FleetSave />
        </>
      )}
    </section>
  );
}
