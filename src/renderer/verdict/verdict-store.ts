// Which two runs the Verdict view compares. The wizard fills it after the after-run; History and
// the PDF report open a verdict through a link: `#verdict?before=ID&after=ID`.
import { create } from 'zustand';
import type { UsageProfile } from '../../shared/schemas/run';
import { RUN_ID_PATTERN } from '../../shared/schemas/run-id';
import { useApp } from '../store';

/** The new drive's datasheet figures (MB/s), for the link-ceiling finding. */
export interface Rated {
  seqReadMBps?: number;
  seqWriteMBps?: number;
}

interface VerdictState {
  beforeId: string | null;
  afterId: string | null;
  /** The Plan step's usage answers; when null the runs' stored profile is used. */
  usage: Partial<UsageProfile> | null;
  rated: Rated | null;
  setBeforeId(id: string | null): void;
  setAfterId(id: string | null): void;
  setPair(beforeId: string, afterId: string): void;
  setUsage(usage: Partial<UsageProfile> | null): void;
  setRated(rated: Rated | null): void;
}

export const useVerdict = create<VerdictState>()((set) => ({
  beforeId: null,
  afterId: null,
  usage: null,
  rated: null,
  setBeforeId: (beforeId) => set({ beforeId }),
  setAfterId: (afterId) => set({ afterId }),
  setPair: (beforeId, afterId) => set({ beforeId, afterId }),
  setUsage: (usage) => set({ usage }),
  setRated: (rated) => set({ rated }),
}));

/**
 * The wizard's hand-over after the after-run: this pair, for the person's usage answers. Kept
 * here so a component never writes into another screen's store.
 */
export function compareInVerdict(beforeId: string, afterId: string, usage: Partial<UsageProfile>) {
  useVerdict.setState({ beforeId, afterId, usage });
}

/** Parses `#verdict?before=A&after=B`; anything else (or a malformed id) is not a verdict link. */
export function verdictLinkFrom(hash: string): { beforeId: string; afterId: string } | null {
  const m = /^#verdict\?(.*)$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[1]);
  const beforeId = q.get('before');
  const afterId = q.get('after');
  if (!beforeId || !afterId || !RUN_ID_PATTERN.test(beforeId) || !RUN_ID_PATTERN.test(afterId))
    return null;
  return { beforeId, afterId };
}

/** Opens the Verdict step when the page was loaded (or the hash changed) through a verdict link. */
export function openVerdictFromLocation(loc: Pick<Location, 'hash'> = window.location): boolean {
  const link = verdictLinkFrom(loc.hash);
  if (!link) return false;
  useVerdict.getState().setPair(link.beforeId, link.afterId);
  useApp.getState().goTo('verdict');
  return true;
}

/** Follows verdict links at start-up and whenever the hash changes (History's "open" links). */
export function followVerdictLinks(win: Window = window): void {
  openVerdictFromLocation(win.location);
  win.addEventListener('hashchange', () => openVerdictFromLocation(win.location));
}
