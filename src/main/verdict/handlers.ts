import { predict } from '../../shared/prediction';
import { computeVerdict } from '../../shared/verdict';
import { withMoneyLocale } from '../../shared/format/money';
import { oneLine, UserError } from '../core/errors';
import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';

export function verdictHandlers(
  s: Services,
): Pick<Handlers, 'verdict.compute' | 'verdict.predict'> {
  return {
    'verdict.compute': async ({ beforeId, afterId, usage, rated, locale }) => {
      if (beforeId === afterId) throw new UserError('pick two different runs to compare');
      const [before, after] = await Promise.all([s.runs.load(beforeId), s.runs.load(afterId)]);
      return withMoneyLocale(locale, () =>
        computeVerdict(before, after, {
          ...(usage ? { usage } : {}),
          ...(rated ? { rated } : {}),
        }),
      );
    },
    'verdict.predict': async ({ beforeId, target, afterId, oldDrive, targetRunId }) => {
      const before = await s.runs.load(beforeId);
      const after = afterId ? await s.runs.load(afterId) : undefined;
      const targetRun = targetRunId ? await s.runs.load(targetRunId) : undefined;
      try {
        return predict(before, target, after, {
          ...(oldDrive ? { oldDrive } : {}),
          ...(targetRun ? { targetRun } : {}),
        });
      } catch (err) {
        // The maths only throws for missing inputs: that is the person's to fix, in one line.
        throw new UserError(oneLine(err));
      }
    },
  };
}
