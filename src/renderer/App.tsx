import { useEffect } from 'react';
import { api } from './api/transport';
import { AppFooter } from './components/AppFooter';
import { NotYetStep } from './components/NotYetStep';
import { StepIndicator } from './components/StepIndicator';
import { STEPS, useApp, type StepId } from './store';
import { AdminStep } from './wizard/AdminStep';
import { BaselineStep } from './wizard/BaselineStep';
import { MeasureAfterStep, MeasureBeforeStep } from './wizard/MeasureStep';
import { PlanStep } from './wizard/PlanStep';
import { SwapStep } from './wizard/SwapStep';
import { DriveStep } from './wizard/DriveStep';
import { WelcomeStep } from './wizard/WelcomeStep';
import { VerdictView } from './verdict/VerdictView';

const STEP_VIEWS: Partial<Record<StepId, () => React.JSX.Element>> = {
  welcome: WelcomeStep,
  drive: DriveStep,
  plan: PlanStep,
  admin: AdminStep,
  'measure-before': MeasureBeforeStep,
  baseline: BaselineStep,
  swap: SwapStep,
  'measure-after': MeasureAfterStep,
  verdict: VerdictView,
};

export function App() {
  const step = useApp((s) => s.step);
  const setInfo = useApp((s) => s.setInfo);
  const setInfoError = useApp((s) => s.setInfoError);

  useEffect(() => {
    api()
      .appInfo({})
      .then(setInfo)
      .catch((e: unknown) => setInfoError(e instanceof Error ? e.message : String(e)));
  }, [setInfo, setInfoError]);

  const View = STEP_VIEWS[step];
  const title = STEPS.find((s) => s.id === step)?.title ?? '';
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          <img src="./favicon.svg" alt="" width={28} height={28} /> Drivewise
        </h1>
        <StepIndicator />
      </header>
      <main id="main">{View ? <View /> : <NotYetStep title={title} />}</main>
      <AppFooter />
    </div>
  );
}
