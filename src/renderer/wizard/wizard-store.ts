// What the person decided in the wizard (plan, usage) and what it produced (run ids). Kept by the
// back end (wizard/progress-sync.ts) so a person can quit at any step, swap the drive and resume;
// the runs themselves live in history.
import { create } from 'zustand';
import type { ProfileId } from '../../shared/bench/catalogue';
import { planOfRun } from '../../shared/bench/repeat-plan';
import { parseApps } from '../../shared/bench/plan';
import { localeCurrency } from '../../shared/format';
import { usageProfile, type RunDocument, type UsageProfile } from '../../shared/schemas/run';

type TaskOptionKey = 'duRoot' | 'compression' | 'systemDu' | 'tarball' | 'apps';

interface WizardState {
  profile: ProfileId;
  /** Explicit test list for the custom profile; empty means the profile's own list. */
  tests: string[];
  repetitions: number | null;
  /** Custom profile size overrides (bytes, or seconds for *Seconds keys). */
  sizes: Record<string, number>;
  usage: UsageProfile;
  /** Real-world task choices: which tree du searches, how the source tarball is compressed. */
  /** 'drive': the person's files on the drive being measured (not the system disk's /usr). */
  duRoot: 'drive' | 'usr' | 'home' | 'root';
  compression: 'gzip' | 'xz' | 'bzip2';
  /** Time the system `du -skx` instead of Drivewise's own walk. */
  systemDu: boolean;
  /** A tarball the person picked (path as typed; empty = the generated one). */
  tarball: string;
  /** Apps to cold-start, as typed: comma-separated names or paths (empty = the defaults). */
  apps: string;
  beforeRunId: string | null;
  afterRunId: string | null;
  baselineFile: string | null;
  /** Directory for the after-run (the new drive): may differ from the before directory. */
  afterDir: string | null;
  /** The person means to measure the baseline's own drive again (a repeatability check). */
  sameDrive: boolean;
  setProfile(p: ProfileId): void;
  setTests(t: string[]): void;
  setRepetitions(n: number | null): void;
  setSize(key: string, value: number | null): void;
  setTaskOption(patch: Partial<Pick<WizardState, TaskOptionKey>>): void;
  setUsage(patch: Partial<UsageProfile>): void;
  setBeforeRun(id: string | null): void;
  setAfterRun(id: string | null): void;
  setBaselineFile(path: string | null): void;
  setAfterDir(dir: string | null): void;
  setSameDrive(on: boolean): void;
  reset(): void;
}

/** The real-world tasks' choices (the same before and after, so the runs compare). */
export type TaskChoices = Pick<WizardState, TaskOptionKey>;

const initial = {
  profile: 'quick' as ProfileId,
  tests: [] as string[],
  repetitions: null,
  sizes: {} as Record<string, number>,
  duRoot: 'drive' as 'drive' | 'usr' | 'home' | 'root',
  compression: 'gzip' as const,
  systemDu: false,
  tarball: '',
  apps: '',
  // Prices start in the browser's (the desktop's) own currency: "$" in en-US, "€" in de-DE.
  usage: usageProfile.parse({ currency: localeCurrency(globalThis.navigator?.language) }),
  beforeRunId: null,
  afterRunId: null,
  baselineFile: null,
  afterDir: null,
  sameDrive: false,
};

export const useWizard = create<WizardState>()((set, get) => ({
  ...initial,
  setProfile: (profile) => set({ profile }),
  setTests: (tests) => set({ tests }),
  setRepetitions: (repetitions) => set({ repetitions }),
  setSize: (key, value) => {
    const sizes = { ...get().sizes };
    if (value === null || !(value > 0)) delete sizes[key];
    else sizes[key] = value;
    set({ sizes });
  },
  setTaskOption: (patch) => set(patch),
  setUsage: (patch) => set({ usage: usageProfile.parse({ ...get().usage, ...patch }) }),
  setBeforeRun: (beforeRunId) => set({ beforeRunId }),
  setAfterRun: (afterRunId) => set({ afterRunId }),
  setBaselineFile: (baselineFile) => set({ baselineFile }),
  setAfterDir: (afterDir) => set({ afterDir }),
  setSameDrive: (sameDrive) => set({ sameDrive }),
  reset: () => set({ ...initial }),
}));

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The baseline's task choices in the wizard's own fields (shown on the Plan step). */
export function choicesOfRun(settings: RunDocument['settings']): Partial<TaskChoices> {
  const o = settings.options ?? {};
  const du = o['task.du'] ?? {};
  const unpack = o['task.unpack'] ?? {};
  const apps = o['task.app-start']?.['apps'];
  const root = str(du['duRoot']);
  const compression = str(unpack['compression']);
  return {
    ...(root === 'usr' || root === 'home' || root === 'root' ? { duRoot: root } : {}),
    ...(compression === 'gzip' || compression === 'xz' || compression === 'bzip2'
      ? { compression }
      : {}),
    systemDu: du['systemDu'] === true,
    tarball: str(unpack['tarball']) ?? '',
    apps: Array.isArray(apps) ? apps.filter((a) => typeof a === 'string').join(', ') : '',
  };
}

/** The plan fields bench.plan / bench.start take. */
export function planRequest(s: Pick<WizardState, 'profile' | 'tests' | 'repetitions' | 'sizes'>): {
  profile: ProfileId;
  tests?: string[];
  repetitions?: number;
  sizes?: Record<string, number>;
} {
  const custom = s.profile === 'custom';
  return {
    profile: s.profile,
    ...(custom && s.tests.length > 0 ? { tests: s.tests } : {}),
    ...(custom && s.repetitions ? { repetitions: s.repetitions } : {}),
    ...(custom && Object.keys(s.sizes).length > 0 ? { sizes: s.sizes } : {}),
  };
}

/**
 * Per-test options for bench.plan and bench.start (the same choices before and after, so the runs
 * compare). Empty text fields mean the defaults: the generated tarball, firefox and libreoffice.
 */
export function taskOptions(
  s: Pick<WizardState, TaskOptionKey>,
): Record<string, Record<string, unknown>> {
  const tarball = s.tarball.trim();
  const apps = parseApps(s.apps);
  return {
    'task.du': {
      ...(s.duRoot === 'drive' ? {} : { duRoot: s.duRoot }),
      ...(s.systemDu ? { systemDu: true } : {}),
    },
    'task.unpack': { compression: s.compression, ...(tarball ? { tarball } : {}) },
    ...(apps.length ? { 'task.app-start': { apps } } : {}),
  };
}

/**
 * Takes a before-run as the baseline (from history, a saved file, or on resume): its id, the file
 * it came from, and its plan in the wizard's fields, so Plan and Measure again show what it used.
 */
export function adoptBaseline(doc: RunDocument, file: string | null = null): void {
  const patch: Partial<WizardState> = { beforeRunId: doc.id, afterRunId: null };
  if (file) patch.baselineFile = file;
  const repeated = planOfRun(doc);
  if (repeated) {
    const { plan } = repeated;
    const custom = plan.profile === 'custom';
    Object.assign(patch, {
      profile: plan.profile,
      tests: custom ? plan.tests : [],
      repetitions: custom ? plan.repetitions : null,
      sizes: custom ? (plan.sizes ?? {}) : {},
      ...choicesOfRun(doc.settings),
    });
  }
  useWizard.setState(patch);
}
