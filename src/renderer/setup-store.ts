// The run set-up: which drive is evaluated and in which directory the test files go.
// The Drive step fills it; Plan/Measure read `drive` and `targetDir`.
import { create } from 'zustand';
import type { ResolveResultDto } from '../shared/contract/drives';
import type { DriveInfo, MachineProfile } from '../shared/schemas/drive';
import { api } from './api/transport';
import { errorText } from '../shared/format';

export interface DirVerdict {
  ok: boolean;
  tone: 'ok' | 'warn' | 'bad';
  message: string;
}

const gb = (n: number | null) => (n === null ? 'unknown space' : `${(n / 1e9).toFixed(1)} GB`);

/** Whether a resolved directory can hold the tests for the chosen drive, in one line. */
export function dirVerdict(drive: DriveInfo | null, r: ResolveResultDto | null): DirVerdict | null {
  if (!r) return null;
  if (!r.disks.length)
    return { ok: false, tone: 'bad', message: r.warning ?? `${r.path} is not on a disk.` };
  if (drive && !r.disks.includes(drive.path))
    return {
      ok: false,
      tone: 'bad',
      message: `${r.path} is on ${r.disks.join(', ')}, not on the drive you picked (${drive.path}).`,
    };
  if (!r.writable)
    return { ok: false, tone: 'bad', message: r.warning ?? `${r.path} is not writable.` };
  const where = `${r.fsType ?? 'filesystem'} on ${r.device ?? r.disks[0]}, ${gb(r.freeBytes)} free`;
  if (r.warning)
    return {
      ok: true,
      tone: 'warn',
      message: `All file tests can run (${where}). Note: ${r.warning}`,
    };
  return { ok: true, tone: 'ok', message: `All file tests can run here: ${where}.` };
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
  resolved: ResolveResultDto | null;
  resolving: boolean;
  resolveError: string | null;
  /** The validated, writable directory on `drive` (null until one is confirmed). */
  targetDir: string | null;
  loadDrives(): Promise<void>;
  selectDrive(path: string): void;
  setDirInput(dir: string): void;
  checkDir(): Promise<void>;
  /** On resume: the drive by identity (serial, else its path) and the folder chosen on it. */
  restore(id: { path: string; serial: string | null }, dir: string): Promise<void>;
}

let seq = 0;

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
  targetDir: null,

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

  checkDir: async () => {
    const path = get().dirInput.trim();
    const mine = ++seq;
    if (!path) {
      set({ resolved: null, resolveError: null, targetDir: null, resolving: false });
      return;
    }
    set({ resolving: true, resolveError: null });
    try {
      const resolved = await api().drivesResolve({ path });
      if (mine !== seq) return; // a newer check superseded this one
      const verdict = dirVerdict(get().drive, resolved);
      set({ resolved, resolving: false, targetDir: verdict?.ok ? resolved.path : null });
    } catch (e) {
      if (mine !== seq) return;
      set({
        resolving: false,
        resolved: null,
        targetDir: null,
        resolveError: errorText(e),
      });
    }
  },
}));
