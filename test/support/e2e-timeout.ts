// The e2e project's test timeout (jest.config.js): jest 30 only applies the top-level testTimeout,
// whatever a project says, so the e2e files raise it here, before each file's tests.
jest.setTimeout(120_000);
