// The `drivewise bench` command's flags, kept apart from what the command does with them.
import { Option, type Command } from 'commander';
import { PROFILE_IDS, type ProfileId } from '../../../shared/bench/catalogue';
import { registry, SIZE_DEFS } from '../worker/registry';
import type { TestModule } from '../types';

/**
 * The --size keys: every size the tests' modules declare; a task's own (task.*) are accepted by
 * their prefix, like its other settings.
 */
export const SIZE_KEYS = [...SIZE_DEFS.keys()].filter((k) => !k.startsWith('task.'));

const column = (rows: [string, string][]): string => {
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  return rows.map(([k, v]) => `  ${k.padEnd(width)}${v}`).join('\n');
};

/** The tests and size keys, from the registry: a new benchmark shows here without an edit. */
function testsAndSizesHelp(): string {
  const named = (m: TestModule) => (m.title.includes(m.tool) ? m.title : `${m.title} (${m.tool})`);
  const tests = column(registry.map((m) => [m.id, named(m)] as [string, string]));
  const sizes = column(
    [...SIZE_DEFS].map(([k, d]) => [k, `${d.label}, in ${d.unit}`] as [string, string]),
  );
  return `\nTests (--tests):\n${tests}\n\nSizes (--size key=value):\n${sizes}\n`;
}

/** The flags as commander hands them to the action. */
export interface BenchCliOptions {
  dir: string;
  profile?: ProfileId;
  tests?: string;
  size?: string;
  repetitions?: string;
  duRoot?: string;
  systemDu?: boolean;
  tarball?: string;
  compression?: string;
  apps?: string;
  label: 'before' | 'after' | 'custom';
  baseline?: string;
  sameDrive?: boolean;
  name?: string;
  hostName?: string;
  json?: string;
  force?: boolean;
  admin?: boolean;
  dryRun?: boolean;
  repeatDisturbed?: boolean;
}

/** Adds `bench` and its flags to the program; the caller attaches the action. */
export function defineBenchCommand(program: Command): Command {
  return program
    .command('bench')
    .description('run the benchmark tests in a folder on the drive and save the run to history')
    .requiredOption(
      '--dir <dir>',
      'folder on the drive to test (a .drivewise-* work folder is created and removed)',
    )
    .addOption(
      new Option(
        '--profile <profile>',
        "test profile (default: quick; with --baseline and no --tests, --size or --repetitions: the baseline's plan)",
      ).choices(PROFILE_IDS),
    )
    .option('--tests <ids>', 'comma-separated test ids (e.g. buffered-read,qd-profile)')
    .option(
      '--size <sizes>',
      `sizes: 512M for all files, or key=value list (${SIZE_KEYS.join(', ')}); a bare number is MiB`,
    )
    .option('--repetitions <n>', 'repetitions per test (1-20)')
    .option(
      '--du-root <root>',
      'task.du: your tree to search beside the generated workload: drive (default: the drive under test), usr, home, root (/) or a folder',
    )
    .option('--system-du', "task.du: time the system `du -skx` instead of Drivewise's walk")
    .option(
      '--tarball <file>',
      'task.unpack: unpack this .tar/.tar.gz/.tgz/.tar.xz/.tar.bz2 instead of a generated one',
    )
    .addOption(
      new Option(
        '--compression <kind>',
        'task.unpack: compression of the generated tarball',
      ).choices(['gzip', 'xz', 'bzip2']),
    )
    .option(
      '--apps <list>',
      "task.app-start: comma-separated programs to start and exit, cold then warm: a name, a path or a whole command ('myapp --quit'); default: every installed app with a known recipe (chromium, firefox, libreoffice, gimp, inkscape) on the drive",
    )
    .addOption(
      new Option('--label <label>', 'before, after or custom')
        .choices(['before', 'after', 'custom'])
        .default('custom'),
    )
    .option(
      '--baseline <run>',
      'the before-run this after-run is compared with (id or run file): its plan runs again unless plan flags are given; a folder on its drive is refused',
    )
    .option(
      '--same-drive',
      "with --baseline: measure the baseline's drive again on purpose (a repeatability check)",
    )
    .option('--name <name>', 'a name for this run')
    .option(
      '--host-name <name>',
      "this host's name in the fleet's inventory, recorded in the run (default: $DRIVEWISE_HOST_NAME)",
    )
    .option('--json <file>', 'also write the run document to this file')
    .option('--force', 'replace the --json file if it exists')
    .option(
      '--dry-run',
      'print the plan, what it writes, the free space it needs and the time estimate; run nothing, write nothing (with --json FILE or --json - for JSON)',
    )
    .option(
      '--admin',
      'ask for admin rights first (password dialog; none when run as root) so cache drops and raw-device reads run',
    )
    .option(
      '--repeat-disturbed',
      'at the end, run the phases the machine was busy during again, alone, and keep the better-conditioned sample of each',
    )
    .addHelpText('after', testsAndSizesHelp);
}
