// The run set-up: which drive is evaluated and in which directory the test files go.
// The Drive step fills it; Plan/Measure read `drive` and `targetDir`.
import { create } from 'zustand';
import type { ResolveResult } from '../shared/contract/drives';
import type { DriveRates } from '../shared/bench/estimates';
import type { DriveInfo, MachineProfile } from '../shared/schemas/drive';
import { api } from './api/transport';
import { folderFit, notAFolder, planNeed, READ_TESTS } from '../shared/bench/plan';
import { errorText, fmtCapacity } from '../shared/format';
import { planRequest, useWizard } from './wizard/wizard-store';

export interface DirVerdict {
  ok: boolean;
  tone: 'ok' | 'warn' | 'bad';
  message: string;
  /** The folder cannot be written: only the read tests, with admin rights. */
  readTestsOnly: boolean;
}

/** What the folder must hold: the plan's tests and free-space need (bench.plan's answer). */
export interface FitNeed {
  tests: string[];
  bytesRequired: number;
}

/**
 * Whether a resolved directory can hold the tests for the chosen drive, in one line: the bad-folder
 * rule of the Plan step, bench.start and the CLI (shared/bench/plan folderFit) on the planned run.
 */
export function dirVerdict(
  drive: DriveInfo | null,
  r: ResolveResult | null,
  need: FitNeed | null = null,
  admin = false,
): DirVerdict | null {
  if (!r) return null;
  const refuse = (message: string): DirVerdict => ({
    ok: false,
    tone: 'bad',
    message,
    readTestsOnly: false,
  });
  // A file: the CLI's own line (work-dir checkTargetDir), not its folder taken silently.
  if (r.file) return refuse(notAFolder(r.file));
  if (!r.disks.length) return refuse(r.warning ?? `${r.path} is not on a disk.`);
  if (drive && !r.disks.includes(drive.path))
    return refuse(
      `${r.path} is on ${r.disks.join(', ')}, not on the drive you picked (${drive.path}).`,
    );
  const readNeed = { tests: [...READ_TESTS], bytesRequired: 0 };
  const fit = folderFit(r, r.writable ? (need ?? readNeed) : readNeed, admin);
  if (!fit.ok) return { ...refuse(fit.message), readTestsOnly: fit.readTestsOnly };
  if (fit.readTestsOnly)
    return { ok: true, tone: 'warn', message: fit.message, readTestsOnly: true };
  const where = `${r.fsType ?? 'filesystem'} on ${r.device ?? r.disks[0]}, ${fmtCapacity(r.freeBytes)} free`;
  if (r.warning)
    return {
      ok: true,
      tone: 'warn',
      message: `All file tests can run (${where}). Note: ${r.warning}`,
      readTestsOnly: false,
    };
  return {
    ok: true,
    tone: 'ok',
    message: `All file tests can run here: ${where}.`,
    readTestsOnly: false,
  };
}

interface SetupState {
  drives: DriveInfo[] | null;
  machine: MachineProfile | null;
  loading: boolean;
  loadError: string | null;
  /** The drive being evaluated. */
  drive: DriveInfo | null;
  /** What the person typed in the directory field. */
  dirInput: string;
  resolved: ResolveResult | null;
  resolving: boolean;
  resolveError: string | null;
  /** The planned run's need in the folder (bench.plan with the wizard's choices). */
  need: FitNeed | null;
  /** Admin rights are granted for this session (the read tests on a folder that cannot be written). */
  admin: boolean;
  setAdmin(admin: boolean): void;
  /** The validated, writable directory on `drive` (null until one is confirmed). */
  targetDir: string | null;
  /** The chosen folder's drive as probed (bench.probe), for the estimates; null until then. */
  rates: DriveRates | null;
  /** The folder `rates` were probed in. */
  ratesFor: string | null;
  /** The folder being probed now, or null. */
  probing: string | null;
  loadDrives(): Promise<void>;
  selectDrive(path: string): void;
  setDirInput(dir: string): void;
  checkDir(): Promise<void>;
  /** On resume: the drive by identity (serial, else its path) and the folder chosen on it. */
  restore(id: { path: string; serial: string | null }, dir: string): Promise<void>;
}

let seq = 0;

export type PlanAsk = Omit<Parameters<ReturnType<typeof api>['benchPlan']>[0], 'targetDir'>;

/** The Plan step's answer for `ask` (the wizard's choices) in `dir` (null when it cannot plan). */
async function plannedNeed(
  dir: string,
  ask: PlanAsk = planRequest(useWizard.getState()),
): Promise<FitNeed | null> {
  try {
    const p = await api().benchPlan({ ...ask, targetDir: dir });
    return planNeed(p);
  } catch {
    return null;
  }
}

/**
 * A typed folder judged at pick time by the one bad-folder rule, against the run planned there:
 * the Drive step's folder, and the new drive's at "Measure again" (the baseline's plan), where a
 * nearly full drive was only refused at Start.
 */
export async function judgeFolder(
  path: string,
  drive: DriveInfo | null,
  ask?: PlanAsk,
): Promise<{ resolved: ResolveResult; need: FitNeed | null; admin: boolean; verdict: DirVerdict }> {
  const resolved = await api().drivesResolve({ path });
  const need = resolved.writable && !resolved.file ? await plannedNeed(resolved.path, ask) : null;
  const admin = (await api().privilegedStatus({})).state === 'granted';
  return { resolved, need, admin, verdict: dirVerdict(drive, resolved, need, admin)! };
}

/** The folder's drive probed once it is chosen: the Plan step's estimate is then the drive's. */
function probeChosen(path: string, get: () => SetupState, set: (p: Partial<SetupState>) => void) {
  set({ probing: path, rates: null, ratesFor: null });
  api()
    .benchProbe({ targetDir: path })
    .then((rates) => get().probing === path && set({ rates, ratesFor: path, probing: null }))
    .catch(() => get().probing === path && set({ probing: null }));
}

/** The probed rates of the chosen folder, or undefined (not probed yet, or another folder). */
export const chosenRates = (s: Pick<SetupState, 'rates' | 'ratesFor' | 'targetDir'>) =>
  s.rates && s.ratesFor === s.targetDir ? s.rates : undefined;

/** Resolves the typed folder and judges it by the one bad-folder rule against the planned run. */
async function checkDir(get: () => SetupState, set: (p: Partial<SetupState>) => void) {
  const path = get().dirInput.trim();
  const mine = ++seq;
  if (!path) {
    set({ resolved: null, resolveError: null, targetDir: null, resolving: false });
    return;
  }
  set({ resolving: true, resolveError: null });
  try {
    const { resolved, need, admin, verdict } = await judgeFolder(path, get().drive);
    if (mine !== seq) return; // a newer check superseded this one
    const targetDir = verdict.ok ? resolved.path : null;
    set({ resolved, need, admin, resolving: false, targetDir });
    const probed = get().rates && get().ratesFor === targetDir;
    if (targetDir && resolved.writable && !probed) probeChosen(targetDir, get, set);
  } catch (e) {
    if (mine !== seq) return;
    set({
      resolving: false,
      resolved: null,
      need: null,
      targetDir: null,
      resolveError: errorText(e),
    });
  }
}

export const useSetup = create<SetupState>()((set, get) => ({
  drives: null,
  machine: null,
  loading: false,
  loadError: null,
  drive: null,
  dirInput: '',
  resolved: null,
  resolving: false,
  resolveError: null,
  need: null,
  admin: false,
  targetDir: null,
  rates: null,
  ratesFor: null,
  probing: null,

  setAdmin: (admin) => {
    const { drive, resolved, need } = get();
    const v = dirVerdict(drive, resolved, need, admin);
    set({ admin, targetDir: v?.ok && resolved ? resolved.path : null });
  },

  loadDrives: async () => {
    set({ loading: true, loadError: null });
    try {
      const { drives, machine } = await api().drivesList({});
      const current = get().drive;
      // Keep the choice across a refresh when the drive is still there (with fresh facts).
      const drive = current ? (drives.find((d) => d.path === current.path) ?? null) : null;
      set({ drives, machine, loading: false, drive });
      if (current && !drive) set({ targetDir: null, resolved: null, dirInput: '' });
    } catch (e) {
      set({ loading: false, loadError: errorText(e) });
    }
  },

  selectDrive: (path) => {
    const drive = get().drives?.find((d) => d.path === path) ?? null;
    if (!drive || drive.path === get().drive?.path) return;
    const dir = drive.testability?.suggestedDir ?? '';
    set({ drive, dirInput: dir, resolved: null, resolveError: null, targetDir: null });
    if (dir) void get().checkDir();
  },

  setDirInput: (dirInput) => set({ dirInput, targetDir: null, resolved: null, resolveError: null }),

  restore: async (id, dir) => {
    set({ dirInput: dir, targetDir: dir });
    await get().loadDrives();
    const drives = get().drives ?? [];
    const drive = id.serial
      ? drives.find((d) => d.serial === id.serial)
      : drives.find((d) => d.path === id.path);
    if (!drive) {
      set({ targetDir: null });
      return;
    }
    set({ drive });
    await get().checkDir();
  },

  checkDir: () => checkDir(get, set),
}));
