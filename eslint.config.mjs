// Lint is where the architecture is enforced: the tag constraints below are the
// module boundaries of ../shared/HOUSE-STYLE.md. A domain lib stays pure, a feature
// lib never reaches into another feature lib, and libs are imported by alias only.
import nx from '@nx/eslint-plugin';

const frameworkImports = ['@nestjs/*', 'typeorm', 'bullmq', 'ioredis', 'passport', 'passport-*', 'class-validator', 'class-transformer', 'pg', 'express'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/.data', '**/coverage', '**/.nx', '**/tmp'],
  },
  {
    files: ['**/*.ts'],
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
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:util'],
              bannedExternalImports: frameworkImports,
            },
            {
              sourceTag: 'type:infra',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:util'],
            },
            {
              // Data access shared by several features (e.g. the engine over the respondent store).
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:infra', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:infra', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', 'type:infra', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['type:app', 'type:feature', 'type:data-access', 'type:domain', 'type:infra', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:domain', 'type:infra', 'type:contracts', 'type:util'],
            },
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
