// The disk model of a task timed without CPU time (a stopwatch timing): which part of the
// before-time is CPU and firmware work that no drive removes. Four forms compete per kind (see
// fit.ts): a share of the before-time, a fixed floor of seconds, a floor plus a share, or a part
// that grows slower than the before-time (scale × before^exponent: a longer wait on a hard disk
// is mostly more disk time, not proportionally more CPU work).

export type ModelForm =
  | { form: 'share'; cpuShare: number }
  | { form: 'floor'; cpuSeconds: number }
  | { form: 'floor+share'; cpuSeconds: number; cpuShare: number }
  | { form: 'power'; cpuScale: number; cpuExponent: number };

export type FormName = ModelForm['form'];

/** Some CPU work is always left: the disk share assumed never exceeds 98 %. */
const MIN_CPU_SHARE = 0.02;

/** Seconds of the before-time a faster drive cannot remove, by the form. */
export function cpuPartOf(m: ModelForm, beforeSeconds: number): number {
  const cpu =
    m.form === 'power'
      ? m.cpuScale * beforeSeconds ** m.cpuExponent
      : (m.form === 'share' ? 0 : m.cpuSeconds) +
        (m.form === 'floor' ? 0 : m.cpuShare) * beforeSeconds;
  return Math.min(beforeSeconds, Math.max(MIN_CPU_SHARE * beforeSeconds, cpu));
}

/**
 * Amdahl's law: the CPU part stays, the disk part is multiplied by `ioFactor` (the time the new
 * drive needs for the old drive's one second of disk wait, from the kind's random/sequential mix).
 */
export function predictedOf(m: ModelForm, beforeSeconds: number, ioFactor: number): number {
  const cpu = cpuPartOf(m, beforeSeconds);
  return cpu + (beforeSeconds - cpu) * ioFactor;
}

/** The form's CPU part as a noun phrase ("about 10.5 s of CPU and firmware work"). */
export function describeForm(m: ModelForm): string {
  if (m.form === 'share') return `${Math.round(m.cpuShare * 100)} % of its time in CPU work`;
  if (m.form === 'floor') return `about ${m.cpuSeconds} s of CPU and firmware work`;
  if (m.form === 'power')
    return `a CPU and firmware part that grows slower than its length (about ${Math.round(m.cpuScale * 10 ** m.cpuExponent * 10) / 10} s of a 10 s wait, ${Math.round(m.cpuScale * 100 ** m.cpuExponent)} s of a 100 s one)`;
  return `about ${m.cpuSeconds} s plus ${Math.round(m.cpuShare * 100)} % of its time in CPU and firmware work`;
}
