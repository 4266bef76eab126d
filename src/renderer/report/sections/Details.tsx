// Drive and machine facts for both runs, and the methodology appendix.
import { plainMethod } from '../../../shared/labels';
import type { RunDocument } from '../../../shared/schemas/run';
import { driveFacts, machineFacts, runFacts, type Fact } from '../report-model';
import { fmtDate } from '../../../shared/format';

function FactTable({
  caption,
  columns,
  markChanges = true,
}: {
  caption: string;
  columns: { head: string; facts: Fact[] }[];
  /** Comparability: a changed kernel or CPU matters; a changed run id does not. */
  markChanges?: boolean;
}) {
  const labels = [...new Set(columns.flatMap((c) => c.facts.map((f) => f.label)))];
  return (
    <table className="rp-table rp-facts">
      <caption>{caption}</caption>
      {columns.length > 1 && (
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th scope="col" key={c.head}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {labels.map((l) => {
          const values = columns.map((c) => c.facts.find((f) => f.label === l)?.value ?? '—');
          const changed = markChanges && columns.length > 1 && new Set(values).size > 1;
          return (
            <tr key={l} className={changed ? 'rp-changed' : undefined}>
              <th scope="row">{l}</th>
              {values.map((v, i) => (
                <td key={i}>{v}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Hardware({
  before,
  after,
  showSerials,
}: {
  before: RunDocument;
  after: RunDocument | null;
  showSerials: boolean;
}) {
  const runs = after ? [before, after] : [before];
  const head = (r: RunDocument) =>
    [r === before ? 'Before' : 'After', fmtDate(r.createdAt)].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="rp-hw-h">
      <div className="rp-keep">
        <h2 id="rp-hw-h">Drives and machine</h2>
        {after && (
          <p className="rp-muted">Rows that differ between the two runs are marked with a bar.</p>
        )}
        <FactTable
          caption="Drive"
          columns={runs.map((r) => ({ head: head(r), facts: driveFacts(r.drive, showSerials) }))}
        />
      </div>
      <div className="rp-keep">
        <FactTable
          caption="Machine"
          columns={runs.map((r) => ({ head: head(r), facts: machineFacts(r.machine) }))}
        />
      </div>
      <div className="rp-keep">
        <FactTable
          caption="Run"
          markChanges={false}
          columns={runs.map((r) => ({ head: head(r), facts: runFacts(r) }))}
        />
      </div>
      {runs.some((r) => r.caveats.length > 0) && (
        <div className="rp-keep">
          <h3>Caveats recorded with the runs</h3>
          <ul className="rp-caveats">
            {runs.flatMap((r) =>
              r.caveats.map((c) => (
                <li key={`${r.id}-${c}`}>
                  {after ? (r === before ? 'Before: ' : 'After: ') : ''}
                  {plainMethod(c)}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

/** `repeat`: one drive measured twice, where nothing is saved and the tasks show how they varied. */
export function Methodology({ repeat = false }: { repeat?: boolean }) {
  return (
    <section className="rp-appendix" aria-labelledby="rp-method-h">
      <h2 id="rp-method-h">How these numbers were measured</h2>
      <p>
        Every synthetic test reproduces a classic tool&apos;s method and reports under its metric
        names, so the figures compare with real <code>hdparm</code>, <code>dd</code>,{' '}
        <code>bonnie++</code>, <code>iozone</code>, <code>seeker</code> and <code>fio</code> output:
        cached reads (hdparm -T) and buffered disk reads (hdparm -t; the raw device with admin
        rights, otherwise O_DIRECT on a large file); sequential write with sync (dd);
        bonnie++&apos;s block write, rewrite and read, random seeks and file create/stat/delete;
        iozone -I&apos;s write, rewrite, read, reread, random read and random write per record size;
        seeker&apos;s random reads; and a queue-depth profile comparable with fio (SEQ 1 MiB Q8, RND
        4 KiB Q32, RND 4 KiB Q1).
      </p>
      <p>
        The page cache must not lie: file tests use O_DIRECT, and caches are dropped before cold
        real-world tasks when admin rights were granted. Where neither was possible the result
        carries a caveat and is not compared as cold.
      </p>
      <p>
        Every figure keeps its samples: tables show the median with the minimum and maximum. A
        before/after difference is called measurable only when the two ranges do not overlap and the
        medians differ by at least 5 %; otherwise the report says &ldquo;no measurable
        difference&rdquo;. Ratios are &ldquo;times better&rdquo;: for figures where lower is better
        (marked ↓) the ratio is before ÷ after.
      </p>
      {repeat ? (
        <p>
          Real-world tasks record wall time and the CPU time of the work. Timed twice on one drive,
          they show how much the same task varies from run to run; no gain or loss is counted.
        </p>
      ) : (
        <p>
          Real-world tasks record wall time and the CPU time of the work. The rest of the wall time
          is time spent waiting, mostly for the disk: that share is what a faster drive can remove.
          Time saved per day multiplies the seconds saved by how often the task happens in the usage
          profile; per year uses the profile&apos;s working days.
        </p>
      )}
      <p>
        Writes go only to a temporary folder inside the chosen directory, which is removed
        afterwards; no test ever writes to a block device. Units: every throughput is in MB/s = 10⁶
        bytes per second, on every screen, in this report and in the command line, whatever the tool
        printed (hdparm&apos;s &ldquo;MB&rdquo; is 2²⁰ bytes, bonnie++, iozone and fio print KiB/s);
        sizes (capacity, free space, what a run wrote) are in kB, MB and GB of 10³, 10⁶ and 10⁹
        bytes, as on a drive&apos;s box; RAM in GB of 2³⁰ bytes, as on a memory module; a
        method&apos;s request and file sizes keep the tool&apos;s KiB and MiB (2¹⁰, 2²⁰ bytes).
      </p>
    </section>
  );
}
