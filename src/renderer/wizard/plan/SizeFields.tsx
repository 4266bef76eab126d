// Custom profile: the sizes the engine will use, editable.
import type { BenchCatalogue } from '../../../shared/contract/bench';
import { useWizard } from '../wizard-store';

const MiB = 1024 * 1024;

/**
 * Custom profile: the sizes the engine will use, editable (MiB, seconds, or bonnie++'s ×1024
 * files). Their words come with the catalogue: each test's module in main declares its sizes.
 */
export function SizeFields({
  sizes,
  labels,
}: {
  sizes: Record<string, number>;
  labels: BenchCatalogue['sizes'];
}) {
  const setSize = useWizard((s) => s.setSize);
  const named = new Map(labels.map((l) => [l.key, l]));
  return (
    <div className="usage-grid sizes">
      {Object.entries(sizes).flatMap(([key, value]) => {
        // Only the sizes with a name a person reads; a task's own settings (repetitions of its
        // parts) are its options, never an internal key as a field label.
        const words = named.get(key);
        if (!words) return [];
        const { unit, label } = words;
        // Only MiB sizes are shown in MiB; seconds and counts as they are.
        const plain = unit !== 'MiB';
        const shown = plain ? value : Math.round((value / MiB) * 100) / 100;
        return (
          <label key={key} className="num-field">
            <span>{label}</span>
            <span>
              <input
                type="number"
                min={1}
                step="any"
                aria-label={`${label} (${unit})`}
                data-size-key={key}
                value={shown}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  setSize(key, v > 0 ? (plain ? v : Math.round(v * MiB)) : null);
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
