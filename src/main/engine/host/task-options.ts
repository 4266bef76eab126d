// The person's per-test choices (du root, tarball, apps), checked once where a plan comes in.
import { statSync } from 'node:fs';
import { UserError } from '../../core/errors';
import { appsOption, planOf } from '../../tasks/app-start-task';
import { duRoot } from '../../tasks/du-task';
import { checkTarball, compressionOption } from '../../tasks/unpack-options';

export type TaskOptions = Record<string, Record<string, unknown>>;

/**
 * The person's per-test choices for the tests that will run, checked before anything runs so a
 * mistake is one line in the Plan step or the CLI rather than a failed test. Returns the options
 * the engine gets (a picked tarball as an absolute path).
 */
export function checkTaskOptions(tests: readonly string[], options: TaskOptions = {}): TaskOptions {
  const out: TaskOptions = { ...options };
  const du = options['task.du'];
  if (du && tests.includes('task.du')) {
    const root = duRoot({ options: du });
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      /* below */
    }
    if (!isDir) throw new UserError(`du root is not a folder: ${root}`);
    if (du['systemDu'] !== undefined && typeof du['systemDu'] !== 'boolean')
      throw new UserError(`systemDu must be true or false, got ${String(du['systemDu'])}`);
  }
  const unpack = options['task.unpack'];
  if (unpack && tests.includes('task.unpack')) {
    compressionOption(unpack['compression']);
    if (unpack['tarball'] !== undefined)
      out['task.unpack'] = { ...unpack, tarball: checkTarball(unpack['tarball']) };
  }
  const apps = options['task.app-start'];
  if (apps?.['apps'] !== undefined && tests.includes('task.app-start')) {
    // Named apps must start: a typo would otherwise drop out of the before/after comparison.
    const refused = (appsOption(apps['apps']) ?? [])
      .map(planOf)
      .flatMap((p) => ('skipped' in p ? [p.skipped] : []));
    if (refused.length)
      throw new UserError(
        `${refused.join('; ')} (name a program on PATH, its full path or a command)`,
      );
  }
  return out;
}
