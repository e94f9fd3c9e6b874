import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Other builds of the server, kept to count against (`bench --instructions --dist`).
      'server/dist-*/**',
      '**/coverage/**',
      'data/**',
      '**/__fixtures__/**',
      '**/screenshots/**',
      // The benchmark harness is copied as is from the team's shared bench (see bench/).
      'bench/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gateway/server', '@gateway/web', '**/server/**', '**/web/**'],
              message:
                'packages/shared stays independent: move the code into shared or keep it in its workspace.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gateway/web', '**/web/src/**'],
              message:
                'The server must not import the console; share code through @gateway/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries are functions in server/src/db/queries/ (the importer reads a foreign schema).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', 'server/src/import/source.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message:
            'Queries live in server/src/db/queries/ as functions (db, params); call one from here.',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gateway/server', '**/server/src/**'],
              message:
                'The console talks to the server over HTTP; share types through @gateway/shared.',
            },
          ],
        },
      ],
    },
  },
);
