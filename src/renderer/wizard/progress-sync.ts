// Keeps the wizard's progress in the back end (wizard.progress.get/set), so a reload, a restart
// of the app or the browser host (a new port, so a new, empty localStorage) or a reboot after the
// swap reopens where the person was: after a baseline, at "Measure again" with it named.
import { resumeStep, type WizardProgress } from '../../shared/contract/wizard';
import { api } from '../api/transport';
import { useSetup } from '../setup-store';
import { useApp } from '../store';
import { compareInVerdict, verdictLinkFrom } from '../verdict/verdict-store';
import { useWizard } from './wizard-store';

/** The progress as the stores hold it now. */
export function snapshot(now = new Date()): WizardProgress {
  const w = useWizard.getState();
  const app = useApp.getState();
  const setup = useSetup.getState();
  const d = setup.drive;
  return {
    version: 1,
    savedAt: now.toISOString(),
    step: app.step,
    reached: app.reached,
    drive: d ? { path: d.path, serial: d.serial, model: d.model } : null,
    targetDir: setup.targetDir,
    beforeRunId: w.beforeRunId,
    afterRunId: w.afterRunId,
    baselineFile: w.baselineFile,
    afterDir: w.afterDir,
    plan: {
      profile: w.profile,
      tests: w.tests,
      repetitions: w.repetitions,
      sizes: w.sizes,
      duRoot: w.duRoot,
      compression: w.compression,
      systemDu: w.systemDu,
      tarball: w.tarball,
      apps: w.apps,
    },
    usage: w.usage,
  };
}

function apply(p: WizardProgress): void {
  const { plan } = p;
  useWizard.setState({
    ...plan,
    usage: p.usage,
    beforeRunId: p.beforeRunId,
    afterRunId: p.afterRunId,
    baselineFile: p.baselineFile,
    afterDir: p.afterDir,
  });
  // The old drive by identity (serial first): device names change between boots.
  if (p.drive && p.targetDir) useSetup.getState().restore(p.drive, p.targetDir);
  // A verdict link (History's "open") wins over the stored step.
  if (verdictLinkFrom(window.location.hash)) return;
  // A person who opened another view (History, Fleet) before the load answered stays there: the
  // wizard resumes at its step behind it instead of yanking them back.
  const stay = useApp.getState().view !== 'wizard';
  useApp.setState({ ...resumeStep(p), ...(stay ? {} : { view: 'wizard' as const }) });
  // Resuming at the Verdict step opens the verdict itself, not the run picker to press Compare.
  if (p.beforeRunId && p.afterRunId) compareInVerdict(p.beforeRunId, p.afterRunId, p.usage);
}

/** What is saved, minus the time stamp: a save happens only when this changes. */
const key = (p: WizardProgress): string => JSON.stringify({ ...p, savedAt: '' });

/**
 * Loads the stored progress once, then saves every change (debounced). Nothing is saved before
 * the load has answered, so an early render cannot overwrite the stored progress with defaults.
 */
export async function startProgressSync(delayMs = 250): Promise<() => void> {
  const got = await api()
    .wizardProgressGet({})
    .catch(() => ({ progress: null, problem: null }));
  if (got.progress) apply(got.progress);
  let last = key(snapshot());
  if (!got.progress) last = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const p = snapshot();
    const k = key(p);
    if (k === last) return;
    last = k;
    api()
      .wizardProgressSet({ progress: p })
      .catch(() => (last = ''));
  };
  const schedule = () => {
    if (timer === null) timer = setTimeout(save, delayMs);
  };
  const stops = [
    useWizard.subscribe(schedule),
    useApp.subscribe(schedule),
    useSetup.subscribe(schedule),
  ];
  return () => {
    stops.forEach((s) => s());
    if (timer !== null) clearTimeout(timer);
  };
}
