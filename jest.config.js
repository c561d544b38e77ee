/** One jest run for unit and integration suites; integration suites share the stack started in globalSetup. */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const mapper = {
  '^@dte/(config|domain|contract|store|activities|client)$': '<rootDir>/packages/$1/src',
  '^@dte/contract/(client|eventos-webhook)$': '<rootDir>/packages/contract/src/$1',
  '^@dte/domain/limites$': '<rootDir>/packages/domain/src/mh/limites',
  // @dte/client's sources name their imports as its ESM build needs them (`./tipos.js`): the .ts beside.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
const common = {
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: mapper,
  // Node's, telling eventually() when jest gives up on the running test.
  testEnvironment: '<rootDir>/test/support/environment.js',
};
module.exports = {
  // Integration tests wait on real processes; jest only honours this option globally.
  testTimeout: 120000,
  // The results are written before exit; a handle some client library leaves open in jest's own process
  // (the suites start and stop real servers) must not keep CI waiting after that.
  forceExit: true,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/packages/**/test/**/*.test.ts', '<rootDir>/apps/**/test/**/*.test.ts'],
    },
    {
      ...common,
      // Reads docker-compose.yml, the Dockerfile, deploy/kubernetes, the system packages and the documentation's
      // links, and checks how `npm test` counts its results: no stack needed.
      displayName: 'deploy',
      testMatch: ['<rootDir>/deploy/test/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
