import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'coverage/', 'bench/tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers (README "Where things are"): app -> server -> shared, never back up. Tests may cross
  // them (a test compares facts of two layers); their files are exempt below.
  {
    // The contracts import @hono/zod-openapi (and its OpenAPI generator): the browser takes only their
    // types (ADR 034). Pages take only types from server/: rules and errors live in shared/.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/shared/contracts/*'], allowTypeImports: true, message: 'Import only types from shared/contracts/ in app/ (ADR 034).' },
            { group: ['**/server/**'], allowTypeImports: true, message: 'app/ may only import types from server/; shared code belongs in shared/.' },
          ],
        },
      ],
    },
  },
  {
    // Domain services know nothing of HTTP, the public cache or the API (types aside).
    files: ['server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'hono', allowTypeImports: true, message: 'Services know nothing of HTTP.' }],
          patterns: [
            { group: ['hono/*', '@hono/*'], message: 'Services know nothing of HTTP.' },
            { group: ['**/cache', '**/api/**'], allowTypeImports: true, message: 'Services import neither the public cache nor the API.' },
            { group: ['**/app/**'], message: 'server/ never imports app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**'], message: 'server/ never imports app/.' }] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**', '**/server/**'], message: 'shared/ imports neither app/ nor server/.' }] },
      ],
    },
  },
  {
    // One rule book (issue 30, ADR 046): who may do what is decided in server/policy/ only, from the
    // relationships as they stand today. Elsewhere on the server and in the panel's loaders no code
    // compares a login's access level; it asks a named rule (or the capabilities the rule book gives).
    files: ['server/**/*.ts', 'app/routes/**/*.{ts,tsx}', 'app/lib/**/*.ts', 'app/components/admin/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'server/policy/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='role'][right.value=/^(admin|staff|player)$/]",
          message: 'Ask the rule book (server/policy) instead of comparing a login’s role (issue 30, ADR 046).',
        },
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][right.property.name='role'][left.value=/^(admin|staff|player)$/]",
          message: 'Ask the rule book (server/policy) instead of comparing a login’s role (issue 30, ADR 046).',
        },
        {
          selector: "CallExpression[callee.property.name='includes'] > MemberExpression.arguments[property.name='role']",
          message: 'Ask the rule book (server/policy) instead of listing roles (issue 30, ADR 046).',
        },
        {
          selector: "CallExpression[callee.name='canEnterAdmin']",
          message: 'Ask the rule book (mayEnterAdmin, or the capabilities in the admin layout) (issue 30, ADR 046).',
        },
      ],
    },
  },
  {
    // Sizes a reader can hold (ADR 035): files up to 400 lines, functions up to 120. Seed data and
    // scripts/ are exempt.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts', 'tests/**/*.ts'],
    ignores: ['server/db/seed.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  {
    // Tests read loosely-typed JSON answers.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
