// `drivewise runs | show | compare | export | import | references`.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { referenceRuns } from '../../shared/reference';
import { compareRuns } from '../../shared/reference/compare';
import type { CliIo } from '../cli/types';
import { writeFileSafe } from '../core/safe-write';
import type { Services } from '../core/services';
import { formatComparison, formatRun, formatRunList } from './format';
import { runsToCsv } from './csv';
import { summarize } from './run-store';
import { loadRunRef } from './run-ref';
import { readRegularFile, readStreamCapped } from './safe-read';
import { exportRunFile, importText } from './service';

const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';

/** FILE or stdin (`-`), through the same lstat/no-link/32 MiB reader as the run store. */
export async function readInput(file: string): Promise<string> {
  const bytes =
    file === '-'
      ? await readStreamCapped(process.stdin, 'standard input')
      : await readRegularFile(resolve(file));
  return bytes.toString('utf8');
}

export function registerRuns(program: Command, s: Services, io: CliIo): void {
  program
    .command('runs')
    .description('list stored runs (damaged files are reported and moved to quarantine)')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const { runs, problems } = await s.runs.scan();
      for (const p of problems) io.err(`drivewise: ${p}\n`);
      io.out(o.json ? json({ runs, problems }) : formatRunList(runs));
    });

  program
    .command('show <run>')
    .description('show every figure of a run: an id, a reference id or a run file')
    .option('--json', 'print the run document')
    .action(async (id: string, o: { json?: boolean }) => {
      const d = await loadRunRef(s.runs, id);
      io.out(o.json ? json(d) : formatRun(d));
    });

  program
    .command('compare <a> <b>')
    .description('compare two runs (ids, references or run files) metric by metric')
    .option('--json', 'print JSON')
    .action(async (a: string, b: string, o: { json?: boolean }) => {
      const c = compareRuns(await loadRunRef(s.runs, a), await loadRunRef(s.runs, b));
      io.out(o.json ? json(c) : formatComparison(c));
    });

  program
    .command('export <id> <file>')
    .description('write a run file anywhere (e.g. off the drive you are about to replace)')
    .option('--force', 'replace FILE if it exists')
    .action(async (id: string, file: string, o: { force?: boolean }) => {
      // `-` is standard output, as `import -` reads standard input.
      if (file === '-') return void io.out(JSON.stringify(await s.runs.load(id), null, 2) + '\n');
      const path = await exportRunFile(s, id, resolve(file), o.force ?? false);
      io.out(`exported ${id} to ${path}\n`);
    });

  program
    .command('csv <ids...>')
    .description('every metric of one or more runs (or references) as CSV')
    .option('--out <file>', 'write to FILE instead of standard output')
    .option('--force', 'replace FILE if it exists')
    .action(async (ids: string[], o: { out?: string; force?: boolean }) => {
      const csv = runsToCsv(await Promise.all(ids.map((id) => loadRunRef(s.runs, id))));
      if (!o.out) return void io.out(csv);
      const path = await writeFileSafe(o.out, csv, { overwrite: o.force ?? false, mode: 0o644 });
      io.out(`wrote ${ids.length} run(s) to ${path}\n`);
    });

  registerImportAndReferences(program, s, io);
}

/** `import` and `references`: runs that come from outside this machine's history. */
function registerImportAndReferences(program: Command, s: Services, io: CliIo): void {
  program
    .command('import <file>')
    .description(
      'import a Drivewise run file, or hdparm/dd/seeker/bonnie++/iozone/fio output (FILE - reads stdin)',
    )
    .option('--json', 'print {"tool", "results"} as the tool printed them')
    .option('--name <name>', 'name for the imported run')
    .option('--no-save', 'only show what was recognised; do not add it to history')
    .action(async (file: string, o: { json?: boolean; name?: string; save: boolean }) => {
      const text = await readInput(file);
      const r = await importText(s, text, { ...(o.name ? { name: o.name } : {}), save: o.save });
      const saved = o.save ? `saved as run ${r.run.id}` : 'not saved';
      if (o.json) {
        io.out(
          json(
            r.tool === 'drivewise'
              ? { tool: r.tool, run: summarize(r.run) }
              : { tool: r.tool, results: r.results },
          ),
        );
        io.err(`drivewise: ${saved}\n`);
        return;
      }
      if (r.tool === 'drivewise') {
        io.out(`imported run file into history: ${r.run.id} (${r.run.label})\n`);
        return;
      }
      io.out(`recognised ${r.tools.join(', ')}: ${r.results.length} figures; ${saved}\n\n`);
      io.out(formatRun(r.run));
    });

  program
    .command('references')
    .description('list the built-in reference drives (published figures from the seeds)')
    .option('--json', 'print the reference run documents')
    .action((o: { json?: boolean }) => {
      const refs = referenceRuns();
      if (o.json) return void io.out(json(refs));
      io.out(formatRunList(refs.map(summarize)));
      io.out('\nshow one with `drivewise show ID`; compare with `drivewise compare ID RUN`\n');
    });
}
