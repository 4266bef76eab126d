// `npm run bench:fidelity [-- --json]`: how close the engine's figures are to fio, hdparm, dd and
// bonnie++ on this machine. Re-executes itself with the engine's libuv settings (io_uring), which
// must be in the environment before Node starts.
import { spawnSync } from 'node:child_process';
import { ENGINE_ENV } from '../src/main/engine/host/client';
import { formatReport, parseArgs, runFidelity } from './fidelity/run-fidelity';

async function main(): Promise<number> {
  if (process.env.UV_USE_IO_URING !== ENGINE_ENV.UV_USE_IO_URING) {
    const r = spawnSync(process.execPath, process.argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, ...ENGINE_ENV },
    });
    return r.status ?? 1;
  }
  const opts = parseArgs(process.argv.slice(2));
  const { results, how } = await runFidelity(opts, (s) => process.stderr.write(s + '\n'));
  if (opts.json) process.stdout.write(JSON.stringify({ results, how }, null, 2) + '\n');
  else process.stdout.write(formatReport(results, how));
  const missed = results.filter((r) => r.pass === false);
  if (missed.length)
    process.stderr.write(
      `\n${missed.length} figure(s) missed the target: ${missed.map((m) => m.id).join(', ')}\n`,
    );
  // A figure that cannot be decided here is no pass either.
  const undecided = results.filter((r) => r.undecided);
  if (undecided.length)
    process.stderr.write(
      `${undecided.length} figure(s) cannot be decided on this machine: ${undecided.map((m) => m.id).join(', ')}\n`,
    );
  return missed.length || undecided.length ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`bench-fidelity: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
