import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/security/**/*.test.ts'],
    globalSetup: ['test/security/tally-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
