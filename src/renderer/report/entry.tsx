// The report route (#/report?before=…&after=…&paper=…&serials=1): loaded on demand, so the wizard
// does not carry the report's code and print rules.
import { lazy, Suspense, useEffect } from 'react';
import { parseReportHash, type ParsedReportTarget } from '../../shared/contract/report';
import { setReportState } from './report-state';
import { errorText } from '../../shared/format';

const ReportRoute = lazy(() => import('./ReportRoute').then((m) => ({ default: m.ReportRoute })));

export function isReportRoute(hash: string = window.location.hash): boolean {
  return /^#\/report(\?|$)/.test(hash);
}

function parse(hash: string): { target: ParsedReportTarget | null; error: string | null } {
  try {
    return { target: parseReportHash(hash), error: null };
  } catch (e) {
    return { target: null, error: errorText(e) };
  }
}

export function ReportEntry({ hash = window.location.hash }: { hash?: string }) {
  const { target, error } = parse(hash);
  useEffect(() => {
    if (error) setReportState('error', error);
  }, [error]);
  if (error)
    return (
      <main role="alert">
        <h1>Cannot make the report</h1>
        <p>{error}</p>
      </main>
    );
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ReportRoute target={target} />
    </Suspense>
  );
}
