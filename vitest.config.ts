import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    passWithNoTests: false,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'app/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          // tests/support: the tests of the test fixtures themselves (the privacy family, issue 34).
          include: ['server/**/*.test.ts', 'tests/support/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          globalSetup: ['./tests/support/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // After the API tests, so the browser tests have both cores.
          sequence: { groupOrder: 2 },
          globalSetup: ['./tests/support/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one browser file at a time besides the server keeps timings honest.
          maxWorkers: 2,
        },
      },
    ],
  },
});
