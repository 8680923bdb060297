// Two projects: pure unit tests beside the code, and e2e tests that need PostgreSQL.
// The e2e globalSetup (embedded PostgreSQL when DATABASE_URL is unset) only runs when e2e tests run.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }] };
const moduleNameMapper = { '^@/(.*)$': '<rootDir>/src/$1' };
// Test timeouts, generous for a slow or loaded machine: jest 30 applies only the top-level testTimeout
// (a project's testTimeout shows in --showConfig but jest-circus reads the global one), so unit tests get
// 60 s from there and the e2e files raise theirs to 120 s in test/support/e2e-timeout.ts.

module.exports = {
  // e2e files spend much of their time waiting on PostgreSQL, the simulator and the SUNAT rules: two workers on two cores.
  maxWorkers: 2,
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transform,
      moduleNameMapper,
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
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.ts'],
    },
  ],
};
