// `drivewise report BEFORE [AFTER] --pdf out.pdf [--html out.html] [--paper a4|letter] [--serials]`
import { Option } from 'commander';
import type { Register } from '../cli/types';
import { UserError } from '../core/errors';
import { fmtCapacity } from '../../shared/format/bytes';
import { loadRunRef, withRuns } from '../store/run-ref';
import { reportPrinter } from './printer';
import { saveReport } from './save';

export const registerReport: Register = (program, services, io, root) => {
  program
    .command('report')
    .description(
      'save the report for a before-run and its after-run (or for one run alone) as PDF and/or HTML',
    )
    .argument('<before>', 'id of the before run (see the run history) or a run file')
    .argument('[after]', 'id or file of the after run; omit for a single-run report')
    .option('--pdf <file>', 'write the report as PDF')
    .option('--html <file>', 'write the report as a self-contained HTML file')
    .addOption(new Option('--paper <size>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .option('--serials', 'print drive serial numbers (hidden by default)', false)
    .option('--force', 'replace the output file(s) if they exist')
    .action(
      async (
        before: string,
        after: string | undefined,
        opts: {
          pdf?: string;
          html?: string;
          paper: 'a4' | 'letter';
          serials: boolean;
          force?: boolean;
        },
      ) => {
        if (!opts.pdf && !opts.html)
          throw new UserError('say where to save the report: --pdf out.pdf and/or --html out.html');
        // Run files are read here and found by id by the renderer's report.data request.
        const docs = [await loadRunRef(services.runs, before)];
        if (after) docs.push(await loadRunRef(services.runs, after));
        const s = { ...services, runs: withRuns(services.runs, docs) };
        const saved = await saveReport(
          {
            services: s,
            dispatch: () => root.dispatchFor(s),
            printer: reportPrinter(),
          },
          {
            beforeId: docs[0]!.id,
            ...(docs[1] ? { afterId: docs[1].id } : {}),
            paper: opts.paper,
            showSerials: opts.serials,
          },
          { pdf: opts.pdf, html: opts.html },
          null,
          opts.force ?? false,
        );
        if (saved?.pdf)
          io.out(
            `Saved ${saved.pdf.path} (${saved.pdf.pages} page${saved.pdf.pages === 1 ? '' : 's'}, ${opts.paper === 'a4' ? 'A4' : 'Letter'})\n`,
          );
        if (saved?.html) io.out(`Saved ${saved.html.path} (${fmtCapacity(saved.html.bytes)})\n`);
      },
    );
};
