import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: PGlite instances and a PostgreSQL cluster are heavy; keep files from fighting.
    maxWorkers: 2,
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
