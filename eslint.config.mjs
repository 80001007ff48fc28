// Lint is where the architecture is enforced: a domain lib stays pure, a feature lib
// never reaches into another feature lib, a scope uses only the scopes it names below,
// libs are imported by alias only, and no two projects depend on each other.
import nx from '@nx/eslint-plugin';

// Which other scopes each scope may import, besides itself and scope:shared (which every
// scope may use). Derived from the imports in the code; a new scope is one line here, and
// tools/nx/check-workspace.mjs fails when a project's scope is missing from this table.
const scopeDependencies = {
  shared: [],
  system: [],
  admin: ['catalogue', 'survey-import'],
  'audience-expression': [],
  'query-rules': ['audience-expression'],
  'survey-import': ['audience-expression', 'catalogue', 'crosstab-engine', 'respondent-store'],
  'respondent-store': [],
  'demo-data': ['catalogue', 'respondent-store'],
  schema: ['assistant', 'audiences', 'catalogue', 'charts', 'insights', 'respondent-store', 'saved-crosstabs', 'survey-import'],
  audiences: ['audience-expression', 'query-rules'],
  catalogue: ['respondent-store'],
  'crosstab-engine': ['audience-expression', 'catalogue', 'respondent-store'],
  crosstabs: ['audience-expression', 'crosstab-engine', 'query-rules'],
  'saved-crosstabs': ['audience-expression', 'query-rules'],
  charts: ['audience-expression', 'catalogue', 'crosstab-engine', 'query-rules'],
  insights: [],
  assistant: ['audience-expression', 'catalogue', 'crosstab-engine', 'demo-data', 'query-rules', 'respondent-store'],
  gateway: [
    'admin',
    'assistant',
    'audience-expression',
    'audiences',
    'catalogue',
    'charts',
    'crosstab-engine',
    'crosstabs',
    'demo-data',
    'insights',
    'respondent-store',
    'saved-crosstabs',
    'schema',
    'sdk',
    'survey-import',
    'system',
  ],
  worker: ['crosstab-engine', 'respondent-store', 'survey-import', 'system'],
  // The client SDK depends on nothing of the service; the explorer only on the SDK.
  sdk: [],
  explorer: ['sdk'],
  tools: [
    'admin',
    'assistant',
    'audience-expression',
    'audiences',
    'catalogue',
    'crosstab-engine',
    'demo-data',
    'insights',
    'respondent-store',
    'schema',
    'survey-import',
  ],
};

const scopeConstraints = Object.entries(scopeDependencies).map(([scope, uses]) => ({
  sourceTag: `scope:${scope}`,
  onlyDependOnLibsWithTags: [...new Set([scope, 'shared', ...uses])].map((s) => `scope:${s}`),
}));

const frameworkImports = ['@nestjs/*', 'typeorm', 'bullmq', 'ioredis', 'passport', 'passport-*', 'class-validator', 'class-transformer', 'pg', 'express'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/.data', '**/coverage', '**/.nx', '**/tmp'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          checkDynamicDependenciesExceptions: [],
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:contracts'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:infra',
              onlyDependOnLibsWithTags: ['type:contracts'],
            },
            {
              // Data access shared by several features (e.g. the engine over the respondent store).
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:infra', 'type:contracts'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:infra', 'type:contracts'],
            },
            {
              // Where every owner's migrations are put together; only apps, tools and e2e tests use it.
              sourceTag: 'type:schema',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:infra', 'type:contracts'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:schema', 'type:feature', 'type:data-access', 'type:domain', 'type:infra', 'type:contracts'],
            },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: [
                'type:schema',
                'type:app',
                'type:feature',
                'type:data-access',
                'type:domain',
                'type:infra',
                'type:contracts',
                'type:sdk',
              ],
            },
            {
              // The client SDK (libs/sdk): runs in browsers, so nothing of the service and no server framework.
              sourceTag: 'type:sdk',
              onlyDependOnLibsWithTags: ['type:sdk'],
              bannedExternalImports: frameworkImports,
            },
            {
              // A web app (apps/explorer): talks to the service only through the SDK.
              sourceTag: 'type:web',
              onlyDependOnLibsWithTags: ['type:sdk'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: ['type:schema', 'type:feature', 'type:data-access', 'type:domain', 'type:infra', 'type:contracts'],
            },
            ...scopeConstraints,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/testing/**/*.ts', 'apps/gateway-e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
];
