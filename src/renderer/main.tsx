import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setMoneyLocale } from '../shared/format';
import { isReportRoute, ReportEntry } from './report/entry';
import './styles.css';

// Prices in the person's locale ("12,50 €" in Germany); the report page takes main's instead.
setMoneyLocale(navigator.language);

createRoot(document.getElementById('root')!).render(
  <StrictMode>{isReportRoute() ? <ReportEntry /> : <App />}</StrictMode>,
);
