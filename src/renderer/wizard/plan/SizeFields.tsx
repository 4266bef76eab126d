// Custom profile: the sizes the engine will use, editable.
import { SIZE_LABELS } from '../../../shared/bench/catalogue';
import { useWizard } from '../wizard-store';

const MiB = 1024 * 1024;

/** Custom profile: the sizes the engine will use, editable (MiB, seconds, or bonnie++'s ×1024 files). */
export function SizeFields({ sizes }: { sizes: Record<string, number> }) {
  const setSize = useWizard((s) => s.setSize);
  return (
    <div className="usage-grid sizes">
      {Object.entries(sizes).map(([key, value]) => {
        const seconds = key.endsWith('Seconds');
        const count = key === 'bonnieFiles';
        const named = (SIZE_LABELS as Record<string, { label: string; unit: string }>)[key];
        const unit = named?.unit ?? (seconds ? 's' : count ? '× 1,024 files' : 'MiB');
        const shown = seconds || count ? value : Math.round((value / MiB) * 100) / 100;
        const label = named?.label ?? key.replace(/([A-Z])/g, ' $1').toLowerCase();
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
