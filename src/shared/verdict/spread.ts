// A measurement's spread: from its samples, or (published figures without samples) its median/min/max.
import { spread } from '../stats';
import type { Measurement } from '../schemas/run';
import type { SpreadOf } from './schema';

export function spreadOfMeasurement(m: Measurement | undefined): SpreadOf {
  if (!m) return { median: null, min: null, max: null, samples: 0 };
  const values = m.samples.filter((x): x is number => x !== null && Number.isFinite(x));
  if (values.length) return { ...spread(values), samples: values.length };
  if (m.median === null) return { median: null, min: null, max: null, samples: 0 };
  return { median: m.median, min: m.min ?? m.median, max: m.max ?? m.median, samples: 0 };
}
