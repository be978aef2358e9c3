import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SERVER_CODE = {
  group: ['**/apps/server/**', '@mp/server'],
  message: 'The web never imports server code',
};

const FEATURE_IMPORTS_APP = 'Features do not import pages or app wiring: pages compose features';

// One way to write a form on the web (docs/web.md): the form primitive (lib/form.ts) validates with the shared
// schema; components do not run a schema themselves nor walk its issues.
const HAND_VALIDATION = [
  {
    selector: 'CallExpression[callee.property.name=/^safeParse(Async)?$/]',
    message: 'Validate forms with useZodForm (lib/form.ts), not a hand safeParse',
  },
  {
    selector: "MemberExpression[property.name='issues']",
    message: "Show zod's messages through the form primitive (lib/form.ts), not a loop over issues",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'apps/server/drizzle/**',
      'packages/client/src/schema.d.ts',
      '.data/**',
      '**/.turbo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-namespace': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config/env.ts' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config/env.ts',
      'apps/server/src/index.ts',
      'apps/server/src/db/backup-cli.ts',
      'apps/server/src/db/migrate-cli.ts',
      'apps/server/test/**',
      'apps/server/bench/**',
      'apps/server/*.config.ts',
      'apps/web/e2e/**',
      'apps/web/*.config.ts',
      'scripts/**',
      '**/*.config.{js,ts}',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // commerce and catalogue read as short named steps (docs/orders-and-stock.md, docs/search-and-listing.md)
    files: ['apps/server/src/modules/commerce/**/*.ts', 'apps/server/src/modules/catalog/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [SERVER_CODE] }],
      'no-restricted-syntax': ['error', ...HAND_VALIDATION],
    },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // One-way imports on the web (docs/web.md): app (pages, layouts) → features → components and lib. A feature may
  // read the store through app/hooks (its tests also build one with app/store); nothing below app imports a page.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_CODE, { regex: '(^|/)app/(?!hooks$)', message: FEATURE_IMPORTS_APP }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.test.{ts,tsx}', 'apps/web/src/features/**/test-utils.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_CODE, { regex: '(^|/)app/(?!hooks$|store$)', message: FEATURE_IMPORTS_APP }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_CODE,
            {
              regex: '(^|/)(app|features)/',
              message:
                'Shared components and lib know no feature or page: move the code up, or this into a feature',
            },
          ],
        },
      ],
    },
  },
);
