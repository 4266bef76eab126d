export { HistoryPanel, ResultsPanel } from './HistoryPanel';
export { ImportPanel } from './ImportPanel';
export { RunDetails } from './RunDetails';
export { CompareTable } from './CompareTable';
