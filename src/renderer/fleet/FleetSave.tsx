// Saving the fleet verdict shown: the PDF a manager reads (summary page first, then one section
// per host) and the CSV (one row per host). Main writes them where the path says, refusing an
// existing file, a link or a device.
import { useState } from 'react';
import { SavePathField } from '../components/SavePathField';
import { useFleet } from './fleet-store';

export function FleetSave() {
  const [path, setPath] = useState('');
  const status = useFleet((s) => s.saveStatus);
  const save = useFleet((s) => s.save);
  const busy = status.kind === 'busy';
  const stem = path.trim().replace(/\.(pdf|csv)$/i, '');
  return (
    <div className="actions dw-fleet-save" data-testid="fleet-save">
      <SavePathField
        value={path}
        onChange={setPath}
        placeholder="/home/you/Documents/fleet.pdf"
        label="Save the fleet report to (full path)"
      />
      <button type="button" disabled={busy} onClick={() => void save('pdf', `${stem}.pdf`)}>
        Save PDF
      </button>
      <button type="button" disabled={busy} onClick={() => void save('csv', `${stem}.csv`)}>
        Save CSV
      </button>
      <span role="status" className={status.kind === 'error' ? 'error-text' : 'muted'}>
        {status.kind === 'idle' ? '' : status.text}
      </span>
    </div>
  );
}
