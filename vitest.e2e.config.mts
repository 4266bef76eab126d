import { defineConfig } from 'vitest/config';

// Pages: the screens from stored runs and fixtures, no engine run and no loop device. They share
// no path or port, so two run at once (about 80 s less on 2 cores). Those that list this machine's
// drives (screens, laptop-steps, admin-step) are here too: no page mounts a loop, and the measured
// files, which do, start only after the last page has ended.
const pages = [
  'admin-step',
  'fleet/fleet-view',
  'health',
  'history',
  'import-menu',
  'laptop-steps',
  'one-story',
  'plan-task-options',
  'prediction-basis',
  'same-drive',
  'save-shortcut',
  'screen-text',
  'screens',
  'verdict-screens',
  'verdict',
  'welcome',
].map((f) => `test/e2e/${f}.test.ts`);

export default defineConfig({
  test: {
    globalSetup: ['test/setup/build-node.ts'],
    setupFiles: ['test/setup/lent-copies.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Vitest's default is cores − 1: one worker on this 2-core machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pages', include: pages } },
      {
        extends: true,
        // The rest measure (the engine on throttled loop devices, a busy neighbour that must go
        // quiet, verdicts on measured pairs) or list this machine's drives: one file at a time,
        // after the pages, so nothing else runs beside them.
        test: {
          name: 'measured',
          include: ['test/e2e/**/*.test.ts'],
          exclude: pages,
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
    ],
  },
});
