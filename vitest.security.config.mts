import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/security/**/*.test.ts'],
    globalSetup: ['test/security/tally-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores - 1): the 24 files took 199 s one
    // after another. Each file makes its own folders, accounts and devices, so two run at once.
    maxWorkers: 2,
  },
});
