// Custom profile: the sizes the engine will use, editable.
import { SIZE_LABELS } from '../../../shared/bench/catalogue';
import { useWizard } from '../wizard-store';

const MiB = 1024 * 1024;

const LABELS: Record<string, { label: string; unit: string }> = {
  ...SIZE_LABELS,
  'task.unpack': { label: 'Source tree to unpack (tar), unpacked size', unit: 'MiB' },
};

/** Custom profile: the sizes the engine will use, editable (MiB, seconds, or bonnie++'s ×1024 files). */
export function SizeFields({ sizes }: { sizes: Record<string, number> }) {
  const setSize = useWizard((s) => s.setSize);
  return (
    <div className="usage-grid sizes">
      {Object.entries(sizes).flatMap(([key, value]) => {
        // Only the sizes with a name a person reads; a task's own settings (repetitions of its
        // parts) are its options, never an internal key as a field label.
        const named = LABELS[key];
        if (!named) return [];
        const seconds = named.unit === 's';
        const count = key === 'bonnieFiles';
        const { unit, label } = named;
        const shown = seconds || count ? value : Math.round((value / MiB) * 100) / 100;
        return (
          <label key={key} className="num-field">
            <span>{label}</span>
            <span>
              <input
                type="number"
                min={seconds || count ? 1 : 1}
                step="any"
                aria-label={`${label} (${unit})`}
                data-size-key={key}
                value={shown}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  setSize(key, v > 0 ? (seconds || count ? v : Math.round(v * MiB)) : null);
                }}
              />{' '}
              {unit}
            </span>
          </label>
        );
      })}
    </div>
  );
}
