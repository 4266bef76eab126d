import { AppFooter } from './components/AppFooter';
import { ResultsPanel } from './history/HistoryPanel';
import { FleetView } from './fleet/FleetView';
import { StepIndicator } from './components/StepIndicator';
import { useStepFocus } from './use-step-focus';
import { useApp, type StepId } from './store';
import { AdminStep } from './wizard/AdminStep';
import { BaselineStep } from './wizard/BaselineStep';
import { MeasureAfterStep, MeasureBeforeStep } from './wizard/MeasureStep';
import { PlanStep } from './wizard/PlanStep';
import { SwapStep } from './wizard/SwapStep';
import { DriveStep } from './wizard/DriveStep';
import { WelcomeStep } from './wizard/WelcomeStep';
import { VerdictView } from './verdict/VerdictView';
import { HealthStep } from './health/HealthStep';
import { useAppInfo, useProgressSync } from './use-app-info';
import { useAppMenu } from './use-app-menu';

const STEP_VIEWS: Record<StepId, () => React.JSX.Element> = {
  welcome: WelcomeStep,
  drive: DriveStep,
  plan: PlanStep,
  admin: AdminStep,
  'measure-before': MeasureBeforeStep,
  baseline: BaselineStep,
  swap: SwapStep,
  'measure-after': MeasureAfterStep,
  verdict: VerdictView,
  health: HealthStep,
};

export function App() {
  const step = useApp((s) => s.step);
  useAppInfo();
  useProgressSync();

  const { about, notice } = useAppMenu();
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const info = useApp((s) => s.info);

  const View = STEP_VIEWS[step];
  useStepFocus(`${view}:${step}`);
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          <img src="./favicon.svg" alt="" width={28} height={28} /> Drivewise
        </h1>
        <nav className="views" aria-label="Screens">
          <button type="button" aria-pressed={view === 'wizard'} onClick={() => setView('wizard')}>
            Wizard
          </button>
          <button
            type="button"
            aria-pressed={view === 'history'}
            onClick={() => setView('history')}
          >
            History &amp; import
          </button>
          <button type="button" aria-pressed={view === 'fleet'} onClick={() => setView('fleet')}>
            Fleet
          </button>
        </nav>
        {view === 'wizard' && <StepIndicator />}
      </header>
      {notice && (
        <p className="menu-notice" role="status">
          {notice}
        </p>
      )}
      <main id="main">
        {view === 'history' ? <ResultsPanel /> : view === 'fleet' ? <FleetView /> : <View />}
      </main>
      <dialog ref={about} className="about" aria-labelledby="about-title">
        <h2 id="about-title">Drivewise {info?.version}</h2>
        <p>
          Measures your drive before and after an upgrade and tells you whether it was worth it.
        </p>
        <form method="dialog">
          <button type="submit" className="primary">
            Close
          </button>
        </form>
      </dialog>
      <AppFooter />
    </div>
  );
}
