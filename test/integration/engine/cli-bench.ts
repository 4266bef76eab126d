// `drivewise bench` run in-process, for the CLI integration tests.
import { runCli } from '../../../src/main/program';
import type { Services } from '../../../src/main/core/services';
import type { RunDocument } from '../../../src/shared/schemas/run';
import { capture } from './helpers';

/** `drivewise bench --dir target ...args`: exit code, what it printed, and the run it saved. */
export async function benchCli(services: Services, target: string, args: string[]) {
  const c = capture();
  const code = await runCli(['bench', '--dir', target, ...args], c.io, services);
  const out = c.out.join('');
  const id = /saved run (\S+)/.exec(out)?.[1];
  return {
    code,
    out,
    err: c.err.join(''),
    id,
    saved: (): Promise<RunDocument> =>
      id ? services.runs.load(id) : Promise.reject(new Error(`no run saved:\n${out}`)),
  };
}
