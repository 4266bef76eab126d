import { create } from 'zustand';
import type { AppInfo } from '../shared/contract/app';
import type { WizardStepId } from '../shared/contract/wizard';

export const STEPS = [
  { id: 'welcome', title: 'Welcome' },
  { id: 'drive', title: 'Drive' },
  { id: 'plan', title: 'Plan' },
  { id: 'admin', title: 'Admin rights' },
  { id: 'measure-before', title: 'Measure' },
  { id: 'baseline', title: 'Save baseline' },
  { id: 'swap', title: 'Swap' },
  { id: 'measure-after', title: 'Measure again' },
  { id: 'verdict', title: 'Verdict' },
  { id: 'health', title: 'Set-up check' },
] as const satisfies readonly { id: WizardStepId; title: string }[];
export type StepId = (typeof STEPS)[number]['id'];

export type View = 'wizard' | 'history' | 'fleet';

interface AppState {
  view: View;
  setView(view: View): void;
  info: AppInfo | null;
  infoError: string | null;
  step: StepId;
  /** Furthest step reached, so the indicator lets a person jump back but not skip ahead. */
  reached: number;
  setInfo(info: AppInfo): void;
  setInfoError(msg: string): void;
  goTo(step: StepId): void;
  next(): void;
  back(): void;
}

const indexOf = (id: StepId): number => STEPS.findIndex((s) => s.id === id);

export const useApp = create<AppState>()((set, get) => ({
  view: 'wizard',
  setView: (view) => set({ view }),
  info: null,
  infoError: null,
  step: 'welcome',
  reached: 0,
  setInfo: (info) => set({ info, infoError: null }),
  setInfoError: (infoError) => set({ infoError }),
  goTo: (step) => {
    const i = indexOf(step);
    set({ step, view: 'wizard', reached: Math.max(get().reached, i) });
  },
  next: () => {
    const i = Math.min(indexOf(get().step) + 1, STEPS.length - 1);
    get().goTo(STEPS[i]!.id);
  },
  back: () => {
    const i = Math.max(indexOf(get().step) - 1, 0);
    set({ step: STEPS[i]!.id });
  },
}));
