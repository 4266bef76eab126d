// The report's fixed-layout table: column widths in percent (so long labels wrap instead of
// widening the page), a header row, and the body rows passed in.
import type { ReactNode } from 'react';

interface FixedColumn {
  title: ReactNode;
  /** Percent of the table's width. */
  width: number;
  /** Right-aligned figures. */
  num?: boolean;
}

export function FixedTable({
  columns,
  className,
  testId,
  children,
}: {
  columns: FixedColumn[];
  /** Classes besides rp-table and rp-fixed. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <table
      className={['rp-table', className, 'rp-fixed'].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      <colgroup>
        {columns.map((c, i) => (
          <col key={i} style={{ width: `${c.width}%` }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th scope="col" className={c.num ? 'num' : undefined} key={i}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
