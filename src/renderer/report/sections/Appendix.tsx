// Appendix building blocks: headings kept with their first block, and the charts by kind of figure.
import type { ReactNode } from 'react';
import type { ChartGroup } from '../../view-model/chart-groups';
import { GroupChart } from '../charts';
import type { TestTable } from '../report-model';
import { TestTableBlock } from './Tables';

/** A heading never ends a page: it is kept together with the first block under it. */
function KeepWithFirst({ heading, children }: { heading: ReactNode; children: ReactNode[] }) {
  return (
    <>
      <div className="rp-keep">
        {heading}
        {children[0]}
      </div>
      {children.slice(1)}
    </>
  );
}

export function ChartsByKind({
  parts,
  single,
  notDrawn,
}: {
  parts: ChartGroup[];
  single: boolean;
  /** The figures no chart draws, in one line (view-model/chart-groups notDrawnLine). */
  notDrawn: string;
}) {
  if (parts.length === 0) return null;
  const heading = (
    <>
      <h2 id="rp-charts-h">Charts by kind of figure</h2>
      {notDrawn && (
        <p className="rp-muted" data-testid="report-charts-not-drawn">
          {notDrawn}
        </p>
      )}
    </>
  );
  return (
    <section aria-labelledby="rp-charts-h">
      <KeepWithFirst heading={heading}>
        {parts.map((g) => (
          <figure className="rp-figure-block" key={g.id}>
            <GroupChart group={g} single={single} />
          </figure>
        ))}
      </KeepWithFirst>
    </section>
  );
}

export function AppendixIntro() {
  return (
    <section className="rp-appendix-start" aria-labelledby="rp-appendix-h">
      <h2 id="rp-appendix-h" className="rp-appendix-title">
        Appendix: every figure, and how it was measured
      </h2>
      <p className="rp-muted">
        The details behind the pages above: each test figure by figure, the charts per kind of
        figure, the prediction, the reference drives, the hardware and the method.
      </p>
    </section>
  );
}

/** Every test's table: the run's own tests first, then the real-world tasks. */
export function EveryTest({ tables, single }: { tables: TestTable[]; single: boolean }) {
  const synthetic = tables.filter((t) => t.kind === 'synthetic');
  const taskTables = tables.filter((t) => t.kind === 'task');
  return (
    <section aria-labelledby="rp-tests-h">
      <KeepWithFirst
        heading={
          <>
            <h2 id="rp-tests-h">Every test, figure by figure</h2>
            <p className="rp-muted">
              Medians with min–max over the repetitions; ↓ marks figures where lower is better.
              Ratio = how many times better the {single ? 'figure' : 'after-run'} is. The small grey
              tag names the classic tool whose method the figure follows.
            </p>
          </>
        }
      >
        {[...synthetic, ...taskTables].map((t) => (
          <TestTableBlock key={`${t.testId}|${t.title}`} t={t} single={single} />
        ))}
      </KeepWithFirst>
    </section>
  );
}
