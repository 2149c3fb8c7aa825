// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-results/**', '**/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, boundaries },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true } },
      // One element per domain folder on each side (docs/architecture.md).
      'boundaries/elements': [
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['domain'] },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['domain'] },
        { type: 'contract', pattern: 'packages/contract/src' },
      ],
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      // A domain reaches another domain only through its service (api) or its hooks and routes (web).
      'boundaries/entry-point': ['error', {
        default: 'allow',
        rules: [
          { target: ['api-module'], disallow: ['*'], message: 'Another domain is reached only through its service.ts (or routes.ts from app.ts)' },
          { target: ['api-module'], allow: ['service.ts', 'routes.ts'] },
          { target: ['web-feature'], disallow: ['*'], message: 'Another feature is reached only through its api.ts or routes.tsx' },
          { target: ['web-feature'], allow: ['api.ts', 'routes.tsx'] },
        ],
      }],
      // The contract is shared by both sides: it may import nothing from them.
      'boundaries/element-types': ['error', {
        default: 'allow',
        rules: [{ from: ['contract'], disallow: ['api-module', 'web-feature'] }],
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue 13: request fields use the contract's zNumber()/zInt/zId (common.ts); z.coerce converts an
    // object, an array, true or null into a number instead of refusing it. (Environment parsing may.)
    files: ['packages/contract/src/**/*.ts', 'apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.type='MemberExpression'][object.property.name='coerce']",
        message: 'Use zNumber(), zInt or zId from @app/contract/common: z.coerce accepts objects, arrays, booleans and null.',
      }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
