// One jest run covers every kind of test; `--selectProjects` picks a subset.
// unit: pure code, no I/O. integration: real Postgres/Redis, beside the code.
// e2e: the built gateway and a real worker process, black-box over HTTP; and the explorer in a browser.
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
    // Nest 12 ships ESM only. Node >= 20.19 require()s it natively, but jest's module
    // system only does so from Node 24.9, so under jest those packages are turned into CJS.
    '^.+\\.m?js$': [
      'babel-jest',
      { babelrc: false, configFile: false, plugins: [require.resolve('./tools/jest/import-meta-cjs.js'), '@babel/plugin-transform-modules-commonjs'] },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  resolver: '<rootDir>/tools/jest/resolve-ts-from-js.js',
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
  setupFiles: ['reflect-metadata'],
};

module.exports = {
  // A suite that fails on a busy machine (a timeout) can leave its work running: a stream still read
  // a byte at a time, a pool still computing. Jest then never exits and CI hangs until its own
  // limit. The run's result is known once the last suite ends; exit then, whatever is left.
  forceExit: true,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'], setupFilesAfterEnv: ['<rootDir>/tools/jest/unit-timeout.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.integration-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/integration-timeout.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/gateway-e2e/src/**/*.e2e-spec.ts', '<rootDir>/apps/explorer-e2e/src/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/apps/gateway-e2e/src/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/e2e-timeout.ts'],
    },
  ],
};
