// The report's title block: which runs, when, and what the tests wrote.
import type { ReportData } from '../../../shared/contract/report';
import { fmtCapacity, fmtDate } from '../../../shared/format';
import { displayName } from '../report-model';

export function ReportHeader({ data }: { data: ReportData }) {
  const { before, after } = data;
  const single = !after;
  const written = before.bytesWritten + (after?.bytesWritten ?? 0);
  return (
    <header className="rp-header">
      <p className="rp-brand">Drivewise report</p>
      <h1>
        {single ? (
          <>Baseline: {displayName(before)}</>
        ) : (
          <>
            {displayName(before)} → {displayName(after)}
          </>
        )}
      </h1>
      <p className="rp-meta">
        {[
          before.createdAt && `${single ? 'Measured' : 'Before'} ${fmtDate(before.createdAt)}`,
          after?.createdAt && `After ${fmtDate(after.createdAt)}`,
          `Report made ${fmtDate(data.generatedAt)} with Drivewise ${data.appVersion}`,
          `The tests wrote ${fmtCapacity(written)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </header>
  );
}
