import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { isReportRoute, ReportEntry } from './report/entry';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>{isReportRoute() ? <ReportEntry /> : <App />}</StrictMode>,
);
