// Two projects: pure unit tests beside the code, and e2e tests that need PostgreSQL.
// The e2e globalSetup (embedded PostgreSQL when DATABASE_URL is unset) only runs when e2e tests run.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }] };
const moduleNameMapper = { '^@/(.*)$': '<rootDir>/src/$1' };
// Per project: jest ignores a top-level testTimeout for the projects (check with `npx jest --showConfig`).
// Generous, for a slow or loaded machine: tests that wait on purpose set their own, shorter, limits.
const UNIT_TIMEOUT_MS = 60_000;
const E2E_TIMEOUT_MS = 120_000;

module.exports = {
  // e2e files spend much of their time waiting on PostgreSQL, the simulator and the SUNAT rules: two workers on two cores.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transform,
      moduleNameMapper,
      testTimeout: UNIT_TIMEOUT_MS,
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform,
      moduleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      testTimeout: E2E_TIMEOUT_MS,
    },
  ],
};
