import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests that need the whole app built and then start it (Chromium printing, the built main.js
// running a benchmark): they belong with the integration tests, out of `npm run check`'s loop.
const needsBuiltApp = [
  'test/unit/main/shell/startup.test.ts',
  'test/unit/main/report/print-service.test.ts',
];

// Unit files that replace a module (vi.mock) need a module registry of their own; the rest share
// one per worker in `npm run check` (DRIVEWISE_SHARED_MODULES=1), which is most of its speed.
const mocking = (readdirSync('test/unit', { recursive: true }) as string[])
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test/unit', f))
  .filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(f, 'utf8')));
const shareModules = process.env['DRIVEWISE_SHARED_MODULES'] === '1';

// Tests that hold a profile's run on a throttled loop device to its time budget: run beside other
// files they measure the other files too (a quick A/A took 154 s beside the fleet playbook and
// 140 s alone), so they run last, one file at a time, after every other project has finished.
// full-budget runs only with DW_FULL_PROFILE=1, and then needs the same quiet.
const timed = [
  'test/integration/privileged/time-budget.test.ts',
  'test/integration/privileged/full-budget.test.ts',
  // A/A beside a disturber it starts itself: the quiet half must be quiet, so nothing else runs.
  'test/integration/privileged/disturbed-aa.test.ts',
  // Opt-in (DW_SAME_DRIVE=1): quick twice on this machine's own disk beside a load it starts.
  'test/integration/privileged/same-drive-aa.test.ts',
];

// Integration files that beside another file would measure it (throttled loop devices, the
// conditions record's CPU and I/O counters, the drive list a neighbour's loop device shows up in)
// or that start the built app: one at a time, after the parallel group. Only the fleet (namespace
// hosts: random names and addresses), the packages and the tools' checks run beside the unit files.
const besideOthers = [
  'test/integration/fleet/**/*.test.ts',
  'test/integration/packaging/**/*.test.ts',
  'test/integration/tools/**/*.test.ts',
];

// `npm run test:unit` runs every project; `npm run check` only `unit` and `components`, which
// need no loop device, no root, no Chromium and no built renderer. Vitest's default on a 2-core
// machine is one worker (cores − 1): the fleet playbook's 330 s, mostly waiting on its hosts, then
// held up every other file. Two workers run the unit files beside it; the groups below keep what
// measures one file at a time.
export default defineConfig({
  test: {
    globalSetup: ['test/setup/build-node.ts'],
    setupFiles: ['test/setup/lent-copies.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: [...needsBuiltApp, ...mocking],
          isolate: !shareModules,
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', include: mocking, exclude: needsBuiltApp },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/unit/renderer/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/setup/dom.ts'],
          // One page per worker, as in the app: the stores and the preload double are reset
          // after every test (test/setup/dom.ts), so files need no module registry of their own,
          // and not re-importing main's router and React per file saves most of the suite's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: besideOthers },
      },
      {
        // The attacks and faults (issue 37): accounts, folders and devices of their own, nothing
        // measured, so they run beside the fleet playbook, whose hosts mostly wait on each other.
        // Alone, after the unit phase, they added 150-200 s to the suite.
        extends: true,
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          globalSetup: ['test/security/tally-setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-serial',
          include: ['test/integration/**/*.test.ts', ...needsBuiltApp],
          exclude: [...timed, ...besideOthers],
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: timed,
          sequence: { groupOrder: 2 },
          fileParallelism: false,
        },
      },
    ],
  },
});
