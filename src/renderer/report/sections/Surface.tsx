// The surface of the drive on paper: speed against position for each run that has a surface
// scan, with where the person's files sit (the same chart and words as the Verdict step).
import type { RunDocument } from '../../../shared/schemas/run';
import { runName } from '../../../shared/verdict';
import { surfaceSides } from '../../../shared/verdict/surface';
import { SurfaceChart } from '../../components/SurfaceChart';
import { COLORS } from '../chart-utils';

export function SurfaceSection({
  before,
  after,
}: {
  before: RunDocument;
  after: RunDocument | null | undefined;
}) {
  const sides = surfaceSides([
    { side: 'before', name: runName(before), run: before },
    ...(after ? [{ side: 'after' as const, name: runName(after), run: after }] : []),
  ]);
  if (!sides.length) return null;
  return (
    <section aria-labelledby="rp-surface-h" className="rp-keep">
      <h2 id="rp-surface-h">The surface of the drive</h2>
      <SurfaceChart sides={sides} colors={COLORS} paper />
    </section>
  );
}
