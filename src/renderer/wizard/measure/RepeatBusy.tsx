// After a run, the phases the machine was busy during, named, with the offer to run them again
// alone (bench.repeat): the run keeps the better-conditioned sample of each and its id.
import type { RunDocument } from '../../../shared/schemas/run';
import { disturbedTests } from '../../../shared/verdict/conditions';

export function RepeatBusy({
  run,
  disabled,
  onRepeat,
}: {
  run: RunDocument;
  disabled: boolean;
  onRepeat: (testIds: string[]) => void;
}) {
  const busy = disturbedTests(run);
  if (!busy.length) return null;
  const many = busy.length > 1;
  return (
    <div className="measure-repeat" data-testid="measure-repeat">
      <p className="warn-text">
        The machine was busy during {busy.length} phase{many ? 's' : ''} (
        {busy.map((t) => t.title).join(', ')}): {many ? 'their' : 'its'} figures are not compared in
        the verdict.
      </p>
      <button type="button" disabled={disabled} onClick={() => onRepeat(busy.map((t) => t.testId))}>
        {many ? `Repeat the ${busy.length} busy phases` : 'Repeat the busy phase'}
      </button>{' '}
      <span className="muted small">
        Runs {many ? 'them' : 'it'} again alone, now; the run keeps the quieter sample of each.
      </span>
    </div>
  );
}
