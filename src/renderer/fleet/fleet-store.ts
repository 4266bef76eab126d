// The fleet view's state: the folders and prices asked for, the last fleet verdict, and what the
// last save said. A store (not component state) so the verdict survives a trip to another screen.
import { create } from 'zustand';
import {
  DEFAULT_MIN_HOURS,
  DEFAULT_PRICE_PER_GB,
  MAX_MIN_HOURS,
  MAX_PRICE_PER_GB,
  type FleetQuery,
  type FleetReport,
} from '../../shared/contract/fleet';
import { errorText } from '../../shared/format';
import { api } from '../api/transport';

export type FleetTargetPreset = NonNullable<FleetQuery['target']>;

export interface FleetForm {
  /** A folder the playbook fetched to, or runs already in this app's history. */
  source: 'folder' | 'history';
  /** The history's runs chosen (source 'history'). */
  runIds: string[];
  dir: string;
  afterDir: string;
  target: FleetTargetPreset;
  /** As typed: checked when the fleet is evaluated. */
  price: string;
  /** As typed: the hours a year a host must save to be worth a new drive (the CLI's --min-hours). */
  minHours: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string };

interface FleetState {
  form: FleetForm;
  report: FleetReport | null;
  /** The query the report answers: saving uses it, not the form as edited since. */
  query: FleetQuery | null;
  status: Status;
  saveStatus: Status;
  setForm(patch: Partial<FleetForm>): void;
  evaluate(): Promise<void>;
  save(format: 'pdf' | 'csv', path: string): Promise<void>;
}

/** A number as typed, with a decimal comma or point; NaN when it is not one. */
const decimal = (typed: string): number => Number(typed.replace(',', '.'));

/** Where the runs come from: a folder (and its after folder), or runs of the history. */
function sourceOf(f: FleetForm): Pick<FleetQuery, 'dir' | 'afterDir' | 'runIds'> | string {
  if (f.source === 'history')
    return f.runIds.length ? { runIds: f.runIds } : 'Tick the runs of the history to rank';
  const dir = f.dir.trim();
  const after = f.afterDir.trim();
  if (!dir) return 'Type the folder the run files were fetched to, e.g. /home/you/fleet/before';
  if (!dir.startsWith('/') || (after && !after.startsWith('/')))
    return 'Give full paths, starting with /';
  return { dir, ...(after ? { afterDir: after } : {}) };
}

/** The form as a request, or a one-line problem to show. */
export function queryOf(f: FleetForm): FleetQuery | string {
  const source = sourceOf(f);
  if (typeof source === 'string') return source;
  const price = decimal(f.price);
  if (!Number.isFinite(price) || price <= 0 || price > MAX_PRICE_PER_GB)
    return `The price per GB should be a number above 0 and at most ${MAX_PRICE_PER_GB}`;
  const minHours = decimal(f.minHours);
  if (!Number.isFinite(minHours) || minHours < 0 || minHours > MAX_MIN_HOURS)
    return `The hours a year should be a number from 0 to ${MAX_MIN_HOURS.toLocaleString('en-US')}`;
  return {
    ...source,
    target: f.target,
    pricePerGB: price,
    minHoursPerYear: minHours,
  };
}

const pages = (n: number | null) => (n === null ? '' : ` (${n} page${n === 1 ? '' : 's'})`);

export const useFleet = create<FleetState>()((set, get) => ({
  form: {
    source: 'folder',
    runIds: [],
    dir: '',
    afterDir: '',
    target: 'sata-ssd',
    price: String(DEFAULT_PRICE_PER_GB),
    minHours: String(DEFAULT_MIN_HOURS),
  },
  report: null,
  query: null,
  status: { kind: 'idle' },
  saveStatus: { kind: 'idle' },
  setForm: (patch) => set({ form: { ...get().form, ...patch } }),
  evaluate: async () => {
    const q = queryOf(get().form);
    if (typeof q === 'string') return set({ status: { kind: 'error', text: q } });
    set({ status: { kind: 'busy', text: 'Reading the run files…' } });
    try {
      const report = await api().fleetEvaluate(q);
      set({ report, query: q, status: { kind: 'idle' }, saveStatus: { kind: 'idle' } });
    } catch (e) {
      set({ status: { kind: 'error', text: errorText(e) } });
    }
  },
  save: async (format, path) => {
    const q = get().query;
    const p = path.trim();
    if (!q) return;
    if (!p.startsWith('/') || !p.toLowerCase().endsWith(`.${format}`))
      return set({
        saveStatus: { kind: 'error', text: `Give the full path of a .${format} file` },
      });
    set({ saveStatus: { kind: 'busy', text: `Saving the ${format.toUpperCase()}…` } });
    try {
      const r = await api().fleetSave({ ...q, format, path: p });
      set({ saveStatus: { kind: 'done', text: `Saved ${r.path}${pages(r.pages)}` } });
    } catch (e) {
      set({ saveStatus: { kind: 'error', text: errorText(e) } });
    }
  },
}));
