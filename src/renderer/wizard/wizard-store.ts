// What the person decided in the wizard (plan, usage) and what it produced (run ids). Persisted in
// localStorage so a person can quit at any step and resume; the runs themselves live in history.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { parseApps } from '../../shared/bench/plan';
import { usageProfile, type UsageProfile } from '../../shared/schemas/run';

export type ProfileChoice = 'quick' | 'full' | 'custom';
type TaskOptionKey = 'duRoot' | 'compression' | 'systemDu' | 'tarball' | 'apps';

interface WizardState {
  profile: ProfileChoice;
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
  setProfile(p: ProfileChoice): void;
  setTests(t: string[]): void;
  setRepetitions(n: number | null): void;
  setSize(key: string, value: number | null): void;
  setTaskOption(patch: Partial<Pick<WizardState, TaskOptionKey>>): void;
  setUsage(patch: Partial<UsageProfile>): void;
  setBeforeRun(id: string | null): void;
  setAfterRun(id: string | null): void;
  setBaselineFile(path: string | null): void;
  setAfterDir(dir: string | null): void;
  reset(): void;
}

/** The real-world tasks' choices (the same before and after, so the runs compare). */
export type TaskChoices = Pick<WizardState, TaskOptionKey>;

const initial = {
  profile: 'quick' as ProfileChoice,
  tests: [] as string[],
  repetitions: null,
  sizes: {} as Record<string, number>,
  duRoot: 'drive' as 'drive' | 'usr' | 'home' | 'root',
  compression: 'gzip' as const,
  systemDu: false,
  tarball: '',
  apps: '',
  usage: usageProfile.parse({}),
  beforeRunId: null,
  afterRunId: null,
  baselineFile: null,
  afterDir: null,
};

export const useWizard = create<WizardState>()(
  persist(
    (set, get) => ({
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
      reset: () => set({ ...initial }),
    }),
    {
      name: 'drivewise.wizard',
      version: 1,
      // A stored state from an older or damaged version must not break start-up.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<WizardState>;
        const usage = usageProfile.safeParse(p.usage);
        return {
          ...current,
          ...p,
          usage: usage.success ? usage.data : current.usage,
          systemDu: p.systemDu === true,
          tarball: typeof p.tarball === 'string' ? p.tarball : '',
          apps: typeof p.apps === 'string' ? p.apps : '',
        };
      },
    },
  ),
);

/** The plan fields bench.plan / bench.start take. */
export function planRequest(s: Pick<WizardState, 'profile' | 'tests' | 'repetitions' | 'sizes'>): {
  profile: ProfileChoice;
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
